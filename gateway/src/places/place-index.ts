import { readFileSync } from 'node:fs';

/** One answer of GET /api/places; coordinates are strings, as profiles store them (spec §3). */
export interface Place {
  label: string;
  city: string;
  state: string;
  latitude: string;
  longitude: string;
}

/** data/us-places.json, written by scripts/build-places.mjs */
export interface PlaceData {
  states: Record<string, string>;
  /** [name, state code, latitude, longitude, population], one per name and state */
  places: [string, string, number, number, number][];
}

interface Entry {
  /** normalized name: the sort and search key */
  key: string;
  stateKey: string;
  stateCode: string;
  population: number;
  place: Place;
}

/** lower case, accents and the dots/apostrophes of "St. Mary's" dropped, spaces collapsed */
export const normalizePlaceText = (s: string) =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[.'’]/g, '').replace(/\s+/g, ' ').trim();

/**
 * The offline gazetteer of US places, searched by name prefix: entries sorted by normalized name,
 * a binary search finds where the prefix starts, and the run of names with that prefix is ranked
 * (exact name first, then the most populous, then by name). "City, State" queries (state name or
 * code, a prefix of it is enough) narrow the run to that state.
 */
export class PlaceIndex {
  private readonly entries: Entry[];

  constructor(data: PlaceData) {
    this.entries = data.places
      .filter(([, code]) => data.states[code])
      .map(([name, code, lat, lon, population]) => {
        const state = data.states[code]!;
        return {
          key: normalizePlaceText(name),
          stateKey: normalizePlaceText(state),
          stateCode: code.toLowerCase(),
          population,
          place: { label: `${name}, ${state}`, city: name, state, latitude: lat.toFixed(2), longitude: lon.toFixed(2) },
        };
      })
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  static load(file: URL = new URL('./data/us-places.json', import.meta.url)): PlaceIndex {
    return new PlaceIndex(JSON.parse(readFileSync(file, 'utf8')) as PlaceData);
  }

  get size() {
    return this.entries.length;
  }

  search(query: string, limit = 10): Place[] {
    const [cityPart = '', ...rest] = normalizePlaceText(query).split(',');
    const city = cityPart.trim();
    const state = rest.join(',').trim();
    if (!city) return [];

    const matches: Entry[] = [];
    for (let i = this.lowerBound(city); i < this.entries.length && this.entries[i]!.key.startsWith(city); i++) {
      const entry = this.entries[i]!;
      if (!state || entry.stateKey.startsWith(state) || entry.stateCode === state) matches.push(entry);
    }
    matches.sort((a, b) => Number(b.key === city) - Number(a.key === city) || b.population - a.population || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

    const seen = new Set<string>();
    const results: Place[] = [];
    for (const entry of matches) {
      if (results.length >= limit) break;
      const label = entry.place.label.toLowerCase();
      if (seen.has(label)) continue;
      seen.add(label);
      results.push({ ...entry.place });
    }
    return results;
  }

  /** the first entry whose key is not less than `prefix` */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]!.key < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
