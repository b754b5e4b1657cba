import type { AirportView } from '@aero/contracts';
import { readFileSync } from 'node:fs';
import { normalizePlaceText } from './place-index.js';

/** data/us-airports.json, written by scripts/build-airports.mjs */
export interface AirportData {
  /** [IATA code, name, city, state code, city centre latitude, city centre longitude, IANA time zone] */
  airports: [string, string, string, string, number, number, string][];
}

/** an airport with what layovers need: the centre of the city it serves and its time zone */
export interface Airport extends AirportView {
  latitude: number;
  longitude: number;
}

/** kilometres between two positions (equirectangular: exact enough within a city) */
export function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return 6371 * Math.sqrt(x * x + y * y);
}

/**
 * The FAA's large hubs (each 1% or more of US passenger boardings, 2023): where most crew lay over.
 * A search offers them before the smaller airports it matches ('Chic': O'Hare and Midway before
 * Chicopee Falls; 'New York': JFK and LaGuardia before a New York of another state).
 */
const LARGE_HUBS = new Set(['ATL', 'DFW', 'DEN', 'ORD', 'LAX', 'JFK', 'LAS', 'MCO', 'MIA', 'CLT', 'SEA', 'PHX', 'EWR', 'SFO', 'IAH', 'BOS', 'FLL', 'MSP', 'LGA', 'DTW', 'PHL', 'SLC', 'DCA', 'SAN', 'BWI', 'TPA', 'AUS', 'IAD', 'BNA', 'MDW', 'HNL']);

/** how much crew traffic an airport likely sees: a large hub (0), another international airport (1), the rest (2) */
const trafficTier = (airport: Airport) => (LARGE_HUBS.has(airport.code) ? 0 : /\bInternational\b/.test(airport.name) ? 1 : 2);

/**
 * The offline list of US airports (OpenFlights data), by IATA code: a code, a city or a word of
 * the airport's name finds it (the exact code first, then the matches by traffic: large hubs,
 * international airports, the rest; within each, exact city, codes, cities and names starting
 * with the query). Each airport stands for the city it serves: its position is the city's centre.
 */
export class AirportIndex {
  private readonly byCode = new Map<string, Airport>();
  private readonly byState = new Map<string, Airport[]>();
  private readonly all: Airport[];
  private readonly entries: { airport: Airport; city: string; words: string[] }[];

  constructor(data: AirportData, states: Record<string, string>) {
    this.entries = data.airports.map(([code, name, city, state, latitude, longitude, timeZone]) => {
      const airport: Airport = { code, name, city, state: states[state] ?? state, label: `${code} · ${city}, ${states[state] ?? state}`, latitude, longitude, timeZone };
      this.byCode.set(code, airport);
      const inState = this.byState.get(airport.state);
      if (inState) inState.push(airport);
      else this.byState.set(airport.state, [airport]);
      return { airport, city: normalizePlaceText(city), words: normalizePlaceText(name).split(' ') };
    });
    this.all = this.entries.map((e) => e.airport);
  }

  static load(): AirportIndex {
    const airports = JSON.parse(readFileSync(new URL('./data/us-airports.json', import.meta.url), 'utf8')) as AirportData;
    const { states } = JSON.parse(readFileSync(new URL('./data/us-places.json', import.meta.url), 'utf8')) as { states: Record<string, string> };
    return new AirportIndex(airports, states);
  }

  get size() {
    return this.entries.length;
  }

  find(code: string): Airport | null {
    return this.byCode.get(code.trim().toUpperCase()) ?? null;
  }

  search(query: string, limit = 10): AirportView[] {
    const q = normalizePlaceText(query);
    if (!q) return [];
    const rank = (e: (typeof this.entries)[number]) => {
      const code = e.airport.code.toLowerCase();
      if (code === q) return 0;
      if (e.city === q) return 1;
      if (code.startsWith(q)) return 2;
      if (e.city.startsWith(q)) return 3;
      if (e.words.some((w) => w.startsWith(q)) || normalizePlaceText(e.airport.name).startsWith(q)) return 4;
      return -1;
    };
    return this.entries
      .map((e) => ({ e, r: rank(e) }))
      .filter(({ r }) => r >= 0)
      .map(({ e, r }) => ({ e, r, tier: r === 0 ? -1 : trafficTier(e.airport) }))
      .sort((a, b) => a.tier - b.tier || a.r - b.r || a.e.airport.code.localeCompare(b.e.airport.code))
      .slice(0, limit)
      .map(({ e: { airport } }) => ({ code: airport.code, name: airport.name, city: airport.city, state: airport.state, label: airport.label, timeZone: airport.timeZone }));
  }

  /** the codes of the airports whose city centre lies within `km` of a position (the members based there) */
  within(latitude: number, longitude: number, km: number): string[] {
    return this.entries.filter(({ airport: a }) => kmBetween(latitude, longitude, a.latitude, a.longitude) <= km).map(({ airport }) => airport.code);
  }

  /**
   * the time zone of the airport nearest a position (a US city has no zone of its own in the
   * gazetteer), among the airports of its state when given: across a state line the nearest
   * airport may keep another clock (Laughlin, Nevada is nearest to Bullhead City, Arizona)
   */
  zoneAt(latitude: number, longitude: number, state?: string): string {
    let best: Airport | null = null;
    let bestKm = Infinity;
    for (const airport of (state && this.byState.get(state)) || this.all) {
      const d = kmBetween(latitude, longitude, airport.latitude, airport.longitude);
      if (d < bestKm) [best, bestKm] = [airport, d];
    }
    return best?.timeZone ?? 'UTC';
  }
}
