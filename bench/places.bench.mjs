// Place search (GET /api/places): the in-memory gazetteer index, without HTTP. Prints the load
// time and queries per second for 3-letter prefixes (the largest runs), full names and
// "City, State" queries.   node bench/places.bench.mjs   (after `npm run build`)
import { PlaceIndex } from '../gateway/dist/places/place-index.js';

const loadStart = performance.now();
const index = PlaceIndex.load();
const loadMs = performance.now() - loadStart;

const sets = {
  '3-letter prefixes': ['dal', 'san', 'new', 'por', 'lak', 'spr', 'mar', 'cha', 'wes', 'mil'],
  'full names': ['Dallas', 'Portland', 'Springfield', 'Los Angeles', 'Chicago', 'Anchorage', 'Honolulu', 'Boise'],
  '"City, State"': ['Springfield, Ill', 'Portland, me', 'Dallas, ga', 'Columbus, Ohio', 'Kansas City, mo'],
};
const DURATION_MS = Number(process.env.BENCH_MS ?? 1000);

console.log(`${index.size} places loaded in ${loadMs.toFixed(1)} ms`);
for (const [label, queries] of Object.entries(sets)) {
  for (let i = 0; i < 1000; i++) index.search(queries[i % queries.length]); // warm-up
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < DURATION_MS) {
    for (const q of queries) index.search(q, 10);
    n += queries.length;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(20)} ${Math.round(n / seconds).toLocaleString('en-US').padStart(10)} queries/s  (${((seconds * 1e6) / n).toFixed(1)} µs each)`);
}
