import { normalizePlaceText, PlaceIndex } from './place-index.js';

describe('PlaceIndex over the bundled gazetteer', () => {
  const index = PlaceIndex.load();

  it('holds thousands of US places, each with a state and coordinates inside the US', () => {
    expect(index.size).toBeGreaterThan(15_000);
    for (const q of ['spr', 'new', 'san', 'lak', 'por']) {
      for (const place of index.search(q)) {
        expect(place.label).toBe(`${place.city}, ${place.state}`);
        const lat = Number(place.latitude);
        const lon = Number(place.longitude);
        expect(lat).toBeGreaterThan(18);
        expect(lat).toBeLessThan(72);
        expect(lon).toBeGreaterThan(-180);
        expect(lon).toBeLessThan(-65);
      }
    }
  });

  it("finds Dallas, Texas first for 'dal', at most 10 results, no duplicates", () => {
    const results = index.search('dal');
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results[0]).toEqual({ label: 'Dallas, Texas', city: 'Dallas', state: 'Texas', latitude: '32.78', longitude: '-96.81' });
    expect(new Set(results.map((r) => r.label)).size).toBe(results.length);
    expect(results.every((r) => r.city.toLowerCase().startsWith('dal'))).toBe(true);
  });

  it('ranks an exact name before longer names, then the larger place', () => {
    const results = index.search('Portland');
    expect(results.slice(0, 2).map((r) => r.label)).toEqual(['Portland, Oregon', 'Portland, Maine']);
    expect(index.search('aust')[0]!.label).toBe('Austin, Texas');
  });

  it('is case-, accent- and punctuation-insensitive and narrows by "City, State"', () => {
    expect(index.search('  DALLAS ')[0]!.label).toBe('Dallas, Texas');
    expect(index.search('st louis')[0]!.label).toBe('St. Louis, Missouri');
    expect(index.search('Springfield, Ill')).toEqual([expect.objectContaining({ label: 'Springfield, Illinois' })]);
    expect(index.search('dallas, ga').map((r) => r.label)).toEqual(['Dallas, Georgia']);
    expect(index.search('canon city')[0]!.state).toBe('Colorado');
  });

  it('answers nothing for unknown names or blank input', () => {
    expect(index.search('zzzqx')).toEqual([]);
    expect(index.search(' , texas')).toEqual([]);
  });

  it('normalizes text the same way for data and queries', () => {
    expect(normalizePlaceText("  Coeur d'Alene ")).toBe('coeur dalene');
    expect(normalizePlaceText('Española')).toBe('espanola');
  });
});
