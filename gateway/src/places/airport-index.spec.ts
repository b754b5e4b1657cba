import { AirportIndex, kmBetween } from './airport-index.js';
import { layoverPlace } from './gazetteer.js';

describe('the bundled airport list', () => {
  const index = AirportIndex.load();

  it('holds the US airports with their city, state and time zone', () => {
    expect(index.size).toBeGreaterThan(1000);
    expect(index.find('den')).toMatchObject({ code: 'DEN', city: 'Denver', state: 'Colorado', label: 'DEN · Denver, Colorado', timeZone: 'America/Denver' });
    expect(index.find('HNL')?.timeZone).toBe('Pacific/Honolulu');
    expect(index.find('XXX')).toBeNull();
  });

  it('finds an airport by code, city or a word of its name, the exact code first', () => {
    expect(index.search('ord')[0]?.code).toBe('ORD');
    expect(index.search('chicago').map((a) => a.code)).toEqual(expect.arrayContaining(['ORD', 'MDW']));
    expect(index.search("o'hare")[0]?.code).toBe('ORD');
    expect(index.search('kennedy')[0]?.code).toBe('JFK');
  });

  it('offers the large hubs first, then international airports, then the rest; an exact code before all', () => {
    const codes = (query: string) => index.search(query).map((a) => a.code);
    expect(codes('chic').slice(0, 2)).toEqual(['MDW', 'ORD']);
    expect(codes('chic')).toEqual(expect.arrayContaining(['CEF', 'PWK']));
    expect(codes('new york').slice(0, 2)).toEqual(['JFK', 'LGA']);
    expect(codes('new york')).toContain('IDL');
    // the hub before the fields of the same city
    expect(codes('houston')[0]).toBe('IAH');
    // typed in full, a small airport's code is still the first answer
    expect(codes('cef')[0]).toBe('CEF');
    expect(codes('pwk')[0]).toBe('PWK');
  });

  it('places an airport at the centre of the city it serves, and knows the airports around a place', () => {
    const ord = index.find('ORD')!;
    const mdw = index.find('MDW')!;
    expect(kmBetween(ord.latitude, ord.longitude, mdw.latitude, mdw.longitude)).toBeLessThan(1);
    expect(index.within(ord.latitude, ord.longitude, 50)).toEqual(expect.arrayContaining(['ORD', 'MDW']));
    expect(index.within(ord.latitude, ord.longitude, 50)).not.toContain('DEN');
    expect(index.zoneAt(41.88, -87.63)).toBe('America/Chicago');
  });

  it("keeps a place on its state's clock across a state line, and holds only airports in the United States", () => {
    expect(index.find('EED')?.timeZone).toBe('America/Los_Angeles');
    // Laughlin, Nevada: the nearest airport is Bullhead City's, in Arizona (no daylight saving time)
    expect(layoverPlace({ city: 'Laughlin, Nevada' }).timeZone).toBe('America/Los_Angeles');
    expect(layoverPlace({ city: 'Needles, California' }).timeZone).toBe('America/Los_Angeles');
    expect(layoverPlace({ city: 'Bullhead City, Arizona' }).timeZone).toBe('America/Phoenix');
    for (const code of ['CWT', 'OEL', 'TZR']) expect(index.find(code)).toBeNull();
  });

  it('resolves a layover place from an airport or a US city, never more precise than a city', () => {
    expect(layoverPlace({ airport: 'JFK' })).toMatchObject({ label: 'New York City, New York', city: 'New York City', airport: 'JFK', timeZone: 'America/New_York' });
    const evanston = layoverPlace({ city: 'Evanston, Illinois' });
    expect(evanston).toMatchObject({ city: 'Evanston', airport: null, timeZone: 'America/Chicago' });
    expect(evanston.nearbyAirports).toEqual(expect.arrayContaining(['ORD', 'MDW']));
    expect(() => layoverPlace({ city: 'Atlantis, Nowhere' })).toThrow('Choose a city or an airport from the list');
    expect(() => layoverPlace({ airport: 'QQQ' })).toThrow('Unknown airport');
  });
});
