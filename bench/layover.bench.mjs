// Layovers (issue 17's goal): the deck query of a member on a layover, with many profiles and
// many layovers, alone in the database: p95 within the discovery goal (≤ 10 ms). Not a test.
//
//   node_modules/.bin/node bench/layover.bench.mjs [PROFILES [LAYOVERS]]   (after `npm run build`)
//   node_modules/.bin/node bench/layover.bench.mjs 1000000 100000         (the goal's size: ~2 GB, a few minutes to fill)
//   [BENCH_LAYOVER_PROFILES=100000 BENCH_LAYOVERS=10000 (the arguments win) BENCH_LAYOVER_MEMBERS=300 BENCH_LAYOVER_HOME_MEMBERS=100
//    BENCH_LAYOVER_KEEP=1 (keep the database and print its name) BENCH_LAYOVER_DB=<name> (measure a kept database again, no fill)]
//
// DATABASE_URL (admin URL; a fresh database bench_layover_<timestamp> is created and dropped)
// defaults to the local server.
//
//   - discovery is started (its migrations make the schema); discovery.candidates is filled with
//     set-based SQL: members around 60 big US airports' cities (jittered up to ~40 km), ages 21–60,
//     both genders, most interested in the other; two thirds airline staff with that airport as
//     their base, most of them verified; the rest general members, most paying.
//   - discovery.layovers: BENCH_LAYOVERS verified airline members on a layover in one of those
//     cities (weighted towards the first ones, as traffic is), arriving from 3 days ago to 30 days
//     ahead, staying 12 hours to 4 days, with the airports within 50 km as the gateway gives them.
//   - the query: CandidateRepository.deck() with the member's current layover (as DeckService
//     passes it) for BENCH_LAYOVER_MEMBERS random members whose layover is current, one after the
//     other. Baseline, in the same run: the plain home deck (no layover, no base airport) of
//     BENCH_LAYOVER_HOME_MEMBERS random paying general members; the ratio of the two p95s is printed.
//     Then the home deck of members based at one of those airports (it adds the visitors there
//     now), and EXPLAIN (ANALYZE, BUFFERS) of the median layover deck.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

process.env.LOG_LEVEL ||= 'error';
await import('reflect-metadata');
const pg = (await import('pg')).default;
const { benchDatabase } = await import('./support/database.mjs');
const { InProcessBroker, InProcessRpcClient, openInfrastructure, startService } = await import('../libs/common/dist/index.js');
const { loadSettings } = await import('../libs/config/dist/index.js');
const { service: discoveryService } = await import('../services/discovery/dist/index.js');
const { CandidateRepository } = await import('../services/discovery/dist/candidates/candidate.repository.js');
const { LayoverRepository } = await import('../services/discovery/dist/layovers/layover.repository.js');
const { isCurrent } = await import('../services/discovery/dist/layovers/layover.js');
const { DECK_SIZE, toDeckFilters } = await import('../services/discovery/dist/deck/deck.service.js');
const { Limits } = await import('../libs/contracts/dist/index.js');

const PROFILES = Number(process.argv[2] ?? process.env.BENCH_LAYOVER_PROFILES ?? 100_000);
const LAYOVERS = Number(process.argv[3] ?? process.env.BENCH_LAYOVERS ?? PROFILES / 10);
const MEMBERS = Number(process.env.BENCH_LAYOVER_MEMBERS ?? 300);
const HOME_MEMBERS = Number(process.env.BENCH_LAYOVER_HOME_MEMBERS ?? 100);
const REUSE = process.env.BENCH_LAYOVER_DB;
const KEEP = !!REUSE || process.env.BENCH_LAYOVER_KEEP === '1';
const CITIES = ['ATL', 'DFW', 'DEN', 'ORD', 'LAX', 'JFK', 'LAS', 'MCO', 'MIA', 'CLT', 'SEA', 'PHX', 'EWR', 'SFO', 'IAH', 'BOS', 'FLL', 'MSP', 'LGA', 'DTW', 'PHL', 'SLC', 'BWI', 'DCA', 'SAN', 'IAD', 'TPA', 'BNA', 'AUS', 'MDW',
  'HNL', 'DAL', 'PDX', 'STL', 'RDU', 'HOU', 'SMF', 'MSY', 'SJC', 'SNA', 'MCI', 'OAK', 'SAT', 'RSW', 'CLE', 'IND', 'PIT', 'CVG', 'CMH', 'PBI', 'JAX', 'OGG', 'ANC', 'BDL', 'ABQ', 'BUF', 'OMA', 'BOI', 'RIC', 'MKE'];

const stamp = Date.now();
const dbName = REUSE ?? `bench_layover_${stamp}`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (x) => `${x.toFixed(2).padStart(7)} ms`;
const km = (a, b) => {
  const rad = Math.PI / 180;
  const x = (b[1] - a[1]) * rad * Math.cos(((a[0] + b[0]) / 2) * rad);
  const y = (b[0] - a[0]) * rad;
  return 6371 * Math.sqrt(x * x + y * y);
};

// the airports as the gateway bundles them: each at its city's centre
const airports = new Map(JSON.parse(readFileSync(new URL('../gateway/src/places/data/us-airports.json', import.meta.url), 'utf8')).airports.map((a) => [a[0], [a[4], a[5], a[2]]]));
const cities = CITIES.map((code) => {
  const [lat, lng, city] = airports.get(code);
  const nearby = [...airports].filter(([, p]) => km([lat, lng], p) <= Limits.layoverRadiusKm).map(([c]) => c);
  return { code, lat, lng, city, nearby };
});

const database = await benchDatabase(dbName, { reuse: !!REUSE });
const { url: dbUrl, dataDir } = database;
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
console.log(`layover bench, node ${process.version}, ${os.cpus().length} cores: ${REUSE ? `the database ${REUSE} as filled before` : `${PROFILES.toLocaleString('en-US')} profiles, ${LAYOVERS.toLocaleString('en-US')} layovers`} in ${cities.length} cities; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} before it starts`);
try {
  const settings = loadSettings({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const infra = await openInfrastructure(settings, { name: 'bench', services: [] });
  const broker = new InProcessBroker();
  const rpc = new InProcessRpcClient(broker);
  const discovery = await startService(discoveryService, infra.runtimeFor('discovery', rpc), { kind: 'in-process', broker });
  const repo = discovery.get(CandidateRepository);
  const layoverRepo = discovery.get(LayoverRepository);

  let t = performance.now();
  const cityTable = `(SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::text[], $5::text[]) WITH ORDINALITY AS x(code, lat, lng, city, nearby, n))`;
  const cityParams = [cities.map((c) => c.code), cities.map((c) => c.lat), cities.map((c) => c.lng), cities.map((c) => c.city), cities.map((c) => `{${c.nearby.join(',')}}`)];
  if (!REUSE) {
    // members: the city is skewed towards the first (busiest) ones
    await db.query(
      `INSERT INTO discovery.candidates (user_id, profile, profile_completed, age, gender, interested_in, airline, position, age_min, age_max, distance_pref, cell_lat, cell_lng,
         user_type, subscription_status, demo, registered_at, verification, staff_access_until, base_airport, last_active_at)
       SELECT id, jsonb_build_object('id', id, 'firstName', 'M' || i, 'age', age, 'verified', verified, 'airline', airline, 'position', 'Pilot', 'baseAirport', base, 'photos', '[]'::jsonb),
              true, age, gender, interested, airline, CASE WHEN airline IS NULL THEN NULL ELSE 'Pilot' END, greatest(18, age - 8), age + 8, NULL,
              round((c.lat + (random() - 0.5) * 0.7)::numeric, 2), round((c.lng + (random() - 0.5) * 0.9)::numeric, 2),
              CASE WHEN staff THEN 'airline' ELSE 'general' END, CASE WHEN NOT staff AND random() < 0.8 THEN 'active' ELSE 'inactive' END, false,
              now() - interval '90 days', CASE WHEN verified THEN 'approved' ELSE 'none' END,
              CASE WHEN verified THEN to_timestamp(8640000000000) WHEN staff THEN now() - interval '83 days' END, base, now() - random() * interval '30 days'
       FROM (SELECT i, gen_random_uuid() AS id, 21 + (i * 7) % 40 AS age, CASE WHEN i % 2 = 0 THEN 'female' ELSE 'male' END AS gender,
                    CASE WHEN i % 10 = 9 THEN 'both' WHEN i % 2 = 0 THEN 'man' ELSE 'woman' END AS interested,
                    i % 3 <> 2 AS staff, i % 3 <> 2 AND i % 10 < 8 AS verified,
                    1 + floor(power(random(), 2) * ${cities.length})::int AS city
             FROM generate_series(1, ${PROFILES}) i) m
       JOIN ${cityTable} c ON c.n = m.city
       CROSS JOIN LATERAL (SELECT CASE WHEN m.staff THEN (ARRAY['Delta Air Lines','United Airlines','American Airlines','Southwest Airlines','JetBlue Airways'])[1 + m.i % 5] END AS airline,
                                  CASE WHEN m.staff THEN c.code END AS base) s`,
      cityParams,
    );
    // layovers: verified airline members away from their base, in a city skewed the same way
    await db.query(
      `INSERT INTO discovery.layovers (user_id, label, city, state, airport, lat, lng, time_zone, arrives_at, departs_at, local_arrives_at, local_departs_at, nights, verified_only, nearby_airports)
       SELECT l.user_id, c.city, c.city, '', c.code, c.lat, c.lng, 'America/Chicago', l.arrives, l.arrives + l.stay, '', '', extract(day FROM l.stay)::int, random() < 0.2, string_to_array(trim(both '{}' FROM c.nearby), ',')
       FROM (SELECT user_id, now() - interval '3 days' + random() * interval '33 days' AS arrives, interval '12 hours' + random() * interval '84 hours' AS stay,
                    1 + floor(power(random(), 2) * ${cities.length})::int AS city
             -- drawn a level up from ORDER BY random(): in the same SELECT, each random() would be the sort key's value
             FROM (SELECT user_id FROM discovery.candidates WHERE verification = 'approved' AND user_type = 'airline' ORDER BY random() LIMIT ${LAYOVERS}) s OFFSET 0) l
       JOIN ${cityTable} c ON c.n = l.city`,
      cityParams,
    );
    await db.query('VACUUM ANALYZE discovery.candidates');
    await db.query('VACUUM ANALYZE discovery.layovers');
  } else {
    // the statistics of indexes a newer migration made on the kept data
    await db.query('ANALYZE discovery.candidates');
    await db.query('ANALYZE discovery.layovers');
  }
  const counts = (await db.query(`SELECT (SELECT count(*) FROM discovery.candidates)::int AS c, (SELECT count(*) FROM discovery.layovers)::int AS l,
    (SELECT count(*) FROM discovery.layovers WHERE arrives_at <= now() AND departs_at > now())::int AS current,
    (SELECT pg_size_pretty(pg_total_relation_size('discovery.layovers'))) AS ls`)).rows[0];
  console.log(`${REUSE ? 'kept' : 'fill'}: ${counts.c.toLocaleString('en-US')} candidates, ${counts.l.toLocaleString('en-US')} layovers (${counts.current.toLocaleString('en-US')} current now, ${counts.ls} with indexes)${REUSE ? '' : ` in ${((performance.now() - t) / 1000).toFixed(1)} s, then VACUUM ANALYZE`}`);

  /** runs the deck for each member as DeckService does; the times sorted, cards and empties counted */
  async function measure(ids, withLayover) {
    const deckOf = async (id) => {
      const me = await repo.find(id);
      const now = new Date();
      const layover = withLayover ? await layoverRepo.findOpen(id, now) : null;
      return { me, layover: layover && isCurrent(layover, now) ? layover : null };
    };
    for (const id of ids.slice(0, Math.min(20, Math.ceil(ids.length / 5)))) {
      const { me, layover } = await deckOf(id);
      await repo.deck(me, toDeckFilters(me.filters), { limit: DECK_SIZE, now: new Date(), layover });
    }
    const times = [];
    const finds = [];
    let cards = 0;
    let badged = 0;
    for (const id of ids) {
      let t0 = performance.now();
      const { me, layover } = await deckOf(id);
      finds.push(performance.now() - t0);
      t0 = performance.now();
      const rows = await repo.deck(me, toDeckFilters(me.filters), { limit: DECK_SIZE, now: new Date(), layover });
      times.push({ id, ms: performance.now() - t0 });
      cards += rows.length;
      badged += rows.filter((r) => r.layover).length;
    }
    const sorted = times.map((x) => x.ms).sort((a, b) => a - b);
    finds.sort((a, b) => a - b);
    return { times, sorted, finds, cards: cards / ids.length, badged: badged / ids.length };
  }

  const onLayover = (await db.query(`SELECT user_id FROM discovery.layovers WHERE arrives_at <= now() AND departs_at > now() ORDER BY random() LIMIT $1`, [MEMBERS])).rows.map((r) => r.user_id);
  const layoverDeck = await measure(onLayover, true);
  // the plans of the median and the p95 deck, now, in the cache state the decks ran in (printed at the end)
  const explain = async (id) => {
    let captured;
    const capture = new CandidateRepository({ manager: { query: async (sql, params) => ((captured = { sql, params }), []) } });
    const me = await repo.find(id);
    const layover = await layoverRepo.findOpen(id, new Date());
    await capture.deck(me, toDeckFilters(me.filters), { limit: DECK_SIZE, now: new Date(), layover });
    return { layover, plan: (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured.sql}`, captured.params)).rows.map((r) => r['QUERY PLAN']) };
  };
  const byTime = [...layoverDeck.times].sort((a, b) => a.ms - b.ms);
  const plans = { median: await explain(byTime[Math.floor(byTime.length / 2)].id), p95: await explain(byTime[Math.min(byTime.length - 1, Math.floor(byTime.length * 0.95))].id) };
  // the baseline: the plain home deck (no layover, no base airport) of general members, in the same run
  // paying ones: a member who must pay first gets no deck
  const general = (await db.query(`SELECT user_id FROM discovery.candidates WHERE user_type = 'general' AND subscription_status = 'active' AND base_airport IS NULL ORDER BY random() LIMIT $1`, [HOME_MEMBERS])).rows.map((r) => r.user_id);
  const plainDeck = await measure(general, false);
  const p95 = pct(layoverDeck.sorted, 95);
  const baseP95 = pct(plainDeck.sorted, 95);
  console.log(`\n── the deck of a member on a layover (CandidateRepository.deck with the current layover, ${onLayover.length} random members one after another, ${DECK_SIZE} cards asked)`);
  console.log(`  layover deck  p50 ${ms(pct(layoverDeck.sorted, 50))}  p95 ${ms(p95)}  p99 ${ms(pct(layoverDeck.sorted, 99))}  max ${ms(pct(layoverDeck.sorted, 100))}   cards per deck ${layoverDeck.cards.toFixed(1)} (${layoverDeck.badged.toFixed(1)} with the badge)`);
  console.log(`  baseline      p50 ${ms(pct(plainDeck.sorted, 50))}  p95 ${ms(baseP95)}  p99 ${ms(pct(plainDeck.sorted, 99))}  max ${ms(pct(plainDeck.sorted, 100))}   (the plain home deck of ${general.length} random general members, no layover; ${plainDeck.cards.toFixed(1)} cards)`);
  console.log(`  ratio         p50 ${(pct(layoverDeck.sorted, 50) / pct(plainDeck.sorted, 50)).toPrecision(2)}×  p95 ${(p95 / baseP95).toPrecision(2)}×   (layover deck / plain home deck)`);
  console.log(`  find          p50 ${ms(pct(layoverDeck.finds, 50))}  p95 ${ms(pct(layoverDeck.finds, 95))}   (find + the member's layover: two primary-key SELECTs, the floor of any query here)`);
  console.log(`  goal (issue 17): p95 ≤ 10 ms in the database → ${p95.toFixed(1)} ms ${p95 <= 10 ? 'met' : 'MISSED'}`);

  const based = (await db.query(`SELECT user_id FROM discovery.candidates c WHERE base_airport IS NOT NULL AND NOT EXISTS (SELECT 1 FROM discovery.layovers l WHERE l.user_id = c.user_id) ORDER BY random() LIMIT $1`, [HOME_MEMBERS])).rows.map((r) => r.user_id);
  const homeDeck = await measure(based, false);
  console.log(`\n── the home deck of airline staff with a base airport (adds the crew on a layover there now), ${based.length} random members`);
  console.log(`  deck      p50 ${ms(pct(homeDeck.sorted, 50))}  p95 ${ms(pct(homeDeck.sorted, 95))}  p99 ${ms(pct(homeDeck.sorted, 99))}  max ${ms(pct(homeDeck.sorted, 100))}   cards per deck ${homeDeck.cards.toFixed(1)} (${homeDeck.badged.toFixed(1)} visitors with the badge)`);

  for (const [name, { layover, plan }] of Object.entries(plans)) {
    console.log(`\n── EXPLAIN (ANALYZE, BUFFERS) of the ${name} layover deck, run right after the layover decks (${layover.city}, ${layover.nearbyAirports.length} airports within ${Limits.layoverRadiusKm} km)`);
    for (const line of plan) console.log(`  ${line}`);
  }

  await discovery.close();
  await rpc.close();
  await infra.close();
} finally {
  await db.end();
  if (KEEP) console.log(`\nkept the database ${dbName}: BENCH_LAYOVER_DB=${dbName} measures it again; DROP DATABASE ${dbName} when done`);
  await database.drop({ keep: KEEP });
}
