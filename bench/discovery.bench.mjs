// Discovery (issue 10's goals): the deck query at 100k (or 1M) profiles with 10 swipes each, alone
// in the database and through a single-node gateway; then likes per second through a gateway in
// distributed mode, with a check that every mutual pair made exactly one match. Not a test.
//
//   NATS_URL=nats://127.0.0.1:4312 node_modules/.bin/node bench/discovery.bench.mjs   (after `npm run build`)
//   [BENCH_DECK_PROFILES=1000000 BENCH_DECK_SWIPES=10 BENCH_DECK_MEMBERS=300 BENCH_SECONDS=10 BENCH_LIKE_PAIRS=4000]
//   [BENCH_PARTS=deck or likes (default both); BENCH_PROFILE=1: CPU profiles of a gateway during the deck and the likes]
//
// DATABASE_URL (admin URL; a fresh database bench_discovery_<timestamp> is created and dropped),
// NATS_URL (JetStream; its own stream and subjects, deleted at the end) and REDIS_URL (its own key
// prefix, deleted at the end) default to the local servers. Services on a NATS that other runs use
// would answer their requests: give this bench a NATS server of its own.
//
// Part 1, the deck:
//   - discovery.candidates and discovery.swipes are filled with set-based SQL (generate_series):
//     members in US places weighted by population (the cells are snapped with discovery's own
//     snapToGrid, jittered up to ~25 miles around the place), ages 21–60, both genders, mostly
//     straight, some bi; age ranges around their own age, distance preferences from the spec's
//     options or none; airline staff (document approved, under review, or none yet: registered up
//     to 60 days ago, so some of those are past their days to upload one), general members with
//     and without an active subscription;
//     a few incomplete, hidden, verified-only and boosted. Members are laid out by place, so the
//     swipes (BENCH_DECK_SWIPES per member: mostly passes, some likes and super likes) go to
//     members nearby, as a deck would offer them.
//   - the query alone: discovery is started (its migrations make the schema) and its own
//     CandidateRepository.deck() runs for BENCH_DECK_MEMBERS random members one after the other,
//     with the member and filters the DeckService would pass; the baseline is the repository's
//     find() (the primary-key SELECT of the same table) on the same connection pool. The SQL of
//     one call (the median one) is captured from the same repository class and shown with
//     EXPLAIN (ANALYZE, BUFFERS).
//   - through the gateway: a single-node gateway (forked, so it has its own thread) on the same
//     database, sessions made by its own SessionStore (over IPC), and GET /api/discovery with 50
//     requests in flight for BENCH_SECONDS, against GET /api/health under the same load.
// Part 2, likes: two gateways in distributed mode, each hosting the six services (RUN_SERVICES=all:
//   two discovery replicas in one queue group) on NATS, JetStream and Redis, the same database; BENCH_LIKE_PAIRS new pairs of visible members, each
//   pair's two likes sent back to back (so they race, one through each gateway) with 50 in flight; then discovery.matches
//   is counted against the pairs, and messaging's chat rooms (from discovery.match.created) are
//   awaited. Baseline: GET /api/health under the same concurrency.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { forkChild, serveCommands } from './support/child-process.mjs';

const ROLE = process.env.BENCH_DISCOVERY_ROLE;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (ROLE) await gatewayChild();
else await main();

// ───────────────────────────── the gateway process ─────────────────────────────

/** A gateway answering the parent's commands over IPC: sessions, CPU time, close. */
async function gatewayChild() {
  await import('reflect-metadata');
  const { startGateway } = await import('../gateway/dist/index.js');
  const { SessionStore } = await import('../gateway/dist/auth/session.store.js');
  const { loadSettings } = await import('../libs/config/dist/index.js');
  const gateway = await startGateway(loadSettings(process.env));
  const sessions = gateway.app.get(SessionStore);
  let profiler;
  const commands = {
    sessions: async (userIds) => {
      const sids = [];
      for (let i = 0; i < userIds.length; i += 200) sids.push(...(await Promise.all(userIds.slice(i, i + 200).map((id) => sessions.create(id)))));
      return sids;
    },
    cpu: async () => process.cpuUsage(),
    profileStart: async () => {
      const { Session } = await import('node:inspector/promises');
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      return true;
    },
    profileStop: async () => {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      return summarizeProfile(profile);
    },
  };
  serveCommands(commands, () => gateway.close());
}

/** self time of a V8 CPU profile by where the code lives: a package, one of ours, Node's own, GC */
function summarizeProfile(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPlace = new Map();
  const byFunction = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { url, functionName } = nodes.get(id).callFrame;
    const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const ours = url.match(/\/((?:libs|services)\/[^/]+|gateway)\/dist\//)?.[1];
    const place = pkg ? `npm ${pkg}` : ours ? ours : url.startsWith('node:') || (!url && !functionName.startsWith('(')) ? 'node internals' : url ? 'other' : functionName;
    byPlace.set(place, (byPlace.get(place) ?? 0) + dt);
    const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    total += dt;
  });
  const top = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / total]);
  return { places: top(byPlace), functions: top(byFunction).filter(([k]) => !k.startsWith('(idle)')).slice(0, 8) };
}

/** Forks this file as a gateway; resolves once it listens, with call(cmd, ...args) over IPC. */
async function spawnGateway(env) {
  const child = await forkChild(fileURLToPath(import.meta.url), { env: { ...process.env, ...env, BENCH_DISCOVERY_ROLE: 'gateway' }, label: `gateway on port ${env.PORT}` });
  return { port: Number(env.PORT), call: child.call, stop: child.stop };
}

// ───────────────────────────── the driver ─────────────────────────────

async function main() {
  process.env.LOG_LEVEL ||= 'error';
  await import('reflect-metadata');
  const pg = (await import('pg')).default;
  const { InProcessBroker, InProcessRpcClient, openInfrastructure, startService } = await import('../libs/common/dist/index.js');
  const { loadSettings } = await import('../libs/config/dist/index.js');
  const { JetStreamEventBus } = await import('../libs/event-bus/dist/index.js');
  const { deleteRedisKeys, freePort } = await import('../libs/testing/dist/index.js');
  const { benchDatabase } = await import('./support/database.mjs');
  const { service: discoveryService } = await import('../services/discovery/dist/index.js');
  const { CandidateRepository } = await import('../services/discovery/dist/candidates/candidate.repository.js');
  const { DECK_SIZE, toDeckFilters } = await import('../services/discovery/dist/deck/deck.service.js');
  const { snapToGrid } = await import('../services/discovery/dist/candidates/location-grid.js');
  const { AIRLINES, POSITIONS, DISTANCE_OPTIONS, RegistrationOptions } = await import('../libs/contracts/dist/index.js');

  const PROFILES = Number(process.env.BENCH_DECK_PROFILES ?? 100_000);
  const SWIPES = Number(process.env.BENCH_DECK_SWIPES ?? 10);
  const MEMBERS = Number(process.env.BENCH_DECK_MEMBERS ?? 300);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
  const PAIRS = Number(process.env.BENCH_LIKE_PAIRS ?? 4000);
  const PROFILE = !!process.env.BENCH_PROFILE;
  const PARTS = new Set((process.env.BENCH_PARTS ?? 'deck,likes').split(','));
  const LIKE_SECONDS = Number(process.env.BENCH_LIKE_SECONDS ?? 20); // the likes stop after this long even if pairs are left
  const IN_FLIGHT = 50;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const stamp = Date.now();
  const dbName = `bench_discovery_${stamp}`;
  const redisPrefix = `bench-discovery-${stamp}:`;
  const stream = `BENCH_DISCOVERY_${stamp}`;
  const eventsPrefix = `bench_discovery_${stamp}`;
  const limits = { RATE_LIMIT_SWIPES: '100000000', RATE_LIMIT_DECKS: '100000000', RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_MESSAGES: '100000000' };

  const database = await benchDatabase(dbName);
  const { url: dbUrl, dataDir } = database;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const children = [];
  let usedNats = false;
  const started = performance.now();
  console.log(`discovery bench, node ${process.version}, ${os.cpus().length} cores: ${PROFILES.toLocaleString('en-US')} profiles, ${(PROFILES * SWIPES).toLocaleString('en-US')} swipes; load average ${loadAverage()} before it starts (other work on the machine slows every figure)`);
  try {
    // ── discovery alone: its migrations make the schema, its repository runs the deck query
    const settings = loadSettings({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    const infra = await openInfrastructure(settings, { name: 'bench', services: [] });
    const broker = new InProcessBroker();
    const rpc = new InProcessRpcClient(broker);
    const discovery = await startService(discoveryService, infra.runtimeFor('discovery', rpc), { kind: 'in-process', broker });
    const repo = discovery.get(CandidateRepository);

    let t = performance.now();
    await fill(db, { PROFILES, SWIPES, snapToGrid, AIRLINES, POSITIONS, DISTANCE_OPTIONS, RegistrationOptions });
    const fillSeconds = (performance.now() - t) / 1000;
    const counts = (await db.query(`SELECT (SELECT count(*) FROM discovery.candidates)::int AS c, (SELECT count(*) FROM discovery.swipes)::int AS s,
      (SELECT pg_size_pretty(pg_total_relation_size('discovery.candidates'))) AS cs, (SELECT pg_size_pretty(pg_total_relation_size('discovery.swipes'))) AS ss`)).rows[0];
    console.log(`fill: ${counts.c.toLocaleString('en-US')} candidates (${counts.cs} with indexes), ${counts.s.toLocaleString('en-US')} swipes (${counts.ss}) in ${fillSeconds.toFixed(1)} s, then VACUUM ANALYZE`);

    if (!PARTS.has('deck')) {
      await discovery.close();
      await rpc.close();
      await infra.close();
    } else {
      // ── part 1a: the deck query alone
      const members = (await db.query(`SELECT user_id FROM discovery.candidates WHERE profile_completed AND user_type IS NOT NULL ORDER BY random() LIMIT $1`, [MEMBERS])).rows.map((r) => r.user_id);
      const deckOf = async (id) => {
        const me = await repo.find(id);
        return repo.deck(me, toDeckFilters(me.filters), { limit: DECK_SIZE, now: new Date() });
      };
      for (const id of members.slice(0, 30)) await deckOf(id); // warm-up
      const deckMs = [];
      const findMs = [];
      let cards = 0;
      let empty = 0;
      for (const id of members) {
        let t0 = performance.now();
        const me = await repo.find(id);
        findMs.push(performance.now() - t0);
        t0 = performance.now();
        const rows = await repo.deck(me, toDeckFilters(me.filters), { limit: DECK_SIZE, now: new Date() });
        deckMs.push({ id, ms: performance.now() - t0 });
        cards += rows.length;
        if (!rows.length) empty++;
      }
      const deckSorted = deckMs.map((d) => d.ms).sort((a, b) => a - b);
      findMs.sort((a, b) => a - b);
      console.log(`\n── deck query alone (CandidateRepository.deck, ${MEMBERS} random members one after another, ${DECK_SIZE} cards asked)`);
      console.log(`  deck      p50 ${ms(pct(deckSorted, 50))}  p95 ${ms(pct(deckSorted, 95))}  p99 ${ms(pct(deckSorted, 99))}  max ${ms(pct(deckSorted, 100))}   cards per deck ${(cards / members.length).toFixed(1)} (${empty} empty)`);
      console.log(`  baseline  p50 ${ms(pct(findMs, 50))}  p95 ${ms(pct(findMs, 95))}  p99 ${ms(pct(findMs, 99))}   (CandidateRepository.find: primary-key SELECT of the same table)`);
      console.log(`  ratio deck / primary-key SELECT: p50 ×${(pct(deckSorted, 50) / pct(findMs, 50)).toFixed(0)}, p95 ×${(pct(deckSorted, 95) / pct(findMs, 95)).toFixed(0)}`);
      const p95Db = pct(deckSorted, 95);
      console.log(`  goal (issue 10): p95 ≤ 10 ms in the database → ${p95Db.toFixed(1)} ms ${p95Db <= 10 ? 'met' : 'MISSED'}`);

      // the SQL of the median call, captured from the same repository class (run for real: the deck may ask again, wider), under EXPLAIN
      const median = [...deckMs].sort((a, b) => a.ms - b.ms)[Math.floor(deckMs.length / 2)];
      const captured = [];
      const capture = new CandidateRepository({ manager: { query: async (sql, params) => (captured.push({ sql, params }), (await db.query(sql, params)).rows) } });
      const me = await repo.find(median.id);
      await capture.deck(me, toDeckFilters(me.filters), { limit: DECK_SIZE, now: new Date() });
      console.log(`\n── EXPLAIN (ANALYZE, BUFFERS) of the median member's deck (${me.gender}, interested in ${me.interestedIn}, age ${me.age}, wants ${me.ageMin}–${me.ageMax}, distance ${me.distancePreference ?? 'any'}${me.cell ? '' : ', no location'}): ${captured.length} ${captured.length === 1 ? 'query' : 'queries'}`);
      for (const [n, q] of captured.entries()) {
        const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']);
        if (captured.length > 1) console.log(`  query ${n + 1} of ${captured.length}:`);
        for (const line of plan) console.log(`  ${line}`);
        const text = plan.join('\n');
        const indexes = [...new Set([...text.matchAll(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\S+)/g)].map((m) => m[1]))];
        const seqScans = [...new Set([...text.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]))];
        const rowsScanned = [...text.matchAll(/on candidates c .*?actual time=\S+ rows=(\d+)/g)].map((m) => Number(m[1]));
        console.log(`  indexes used: ${indexes.join(', ') || 'none'}; sequential scans: ${seqScans.join(', ') || 'none'}; candidate rows read: ${rowsScanned.join(' + ') || '?'}`);
      }

      await discovery.close();
      await rpc.close();
      await infra.close();

      // ── part 1b: GET /api/discovery through a single-node gateway on the same database
      {
        const port = await freePort();
        const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error', DEMO_SEED: 'false', NATS_URL: '', REDIS_URL: '', ...limits };
        const gw = await spawnGateway(env);
        children.push(gw);
        // members who may use the deck (one who must pay first gets none)
        const ids = (await db.query(`SELECT user_id FROM discovery.candidates WHERE profile_completed AND user_type IS NOT NULL AND (demo OR subscription_status = 'active' OR staff_access_until > now()) ORDER BY random() LIMIT 500`)).rows.map((r) => r.user_id);
        const sids = await gw.call('sessions', ids);
        const client = httpClient(port);
        let i = 0;
        const nextCookie = () => `aero_sid=${sids[i++ % sids.length]}`;
        await load(client, SECONDS / 5, () => ({ path: '/api/discovery', cookie: nextCookie() })); // warm-up
        const health = await load(client, SECONDS, () => ({ path: '/api/health' }), [gw]);
        if (PROFILE) await gw.call('profileStart');
        const deck = await load(client, SECONDS, () => ({ path: '/api/discovery', cookie: nextCookie() }), [gw]);
        const deckProfile = PROFILE ? await gw.call('profileStop') : null;
        console.log(`\n── through the gateway, single-node (services in the gateway's process, in-process calls), ${IN_FLIGHT} requests in flight for ${SECONDS} s, ${sids.length} signed-in members`);
        console.log(loadLine('GET /api/discovery', deck));
        console.log(loadLine('GET /api/health (baseline)', health));
        console.log(`  ratio deck / health: throughput ×${(deck.rate / health.rate).toFixed(2)}, p50 ×${(pct(deck.lat, 50) / pct(health.lat, 50)).toFixed(1)}`);
        console.log(`  CPU during the deck load (100% = one core of ${os.cpus().length}): ${cpuLine(deck.cpu)}`);
        console.log(`  CPU per deck request: gateway process ${msPer(deck.cpu.gateways[0], deck.rate)}, PostgreSQL backends ${msPer(deck.cpu.postgres, deck.rate)} (health: gateway ${msPer(health.cpu.gateways[0], health.rate)})`);
        console.log(statsLine(deck).replace('per request', 'per deck request (find, deck queries, touch)'));
        if (deckProfile) console.log(profileLines(deckProfile));
        console.log(tablesLine(deck));
        console.log(`  goal (issue 10): ≥ 1,000 deck requests/s through the gateway → ${deck.rate.toFixed(0)}/s ${deck.rate >= 1000 ? 'met' : 'MISSED'}`);
        await gw.stop();
        children.splice(children.indexOf(gw), 1);
        client.close();
      }
    }

    if (PARTS.has('likes')) {
      // ── part 2: likes through two gateways in distributed mode, each hosting a replica of every
      // service (so two discovery replicas in one queue group), sessions in the shared Redis
      {
        usedNats = true;
        const gateways = [];
        t = performance.now();
        for (let g = 0; g < 2; g++) {
          const port = await freePort();
          const env = {
            DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error', DEMO_SEED: 'false',
            NATS_URL: natsUrl, RUN_SERVICES: 'all', REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, EVENTS_STREAM: stream, EVENTS_PREFIX: eventsPrefix, ...limits,
          };
          // one after the other: the first one's migrations make the schema
          const gw = await spawnGateway(env);
          children.push(gw);
          gateways.push(gw);
        }
        const [gw] = gateways;
        const startup = (performance.now() - t) / 1000;
        // 2 × PAIRS new visible members (airline staff, complete profiles) who swiped nobody yet
        const likers = (
          await db.query(
            `INSERT INTO discovery.candidates (user_id, profile, profile_completed, age, gender, interested_in, airline, position, user_type, cell_lat, cell_lng, verification, registered_at, staff_access_until)
             SELECT gen_random_uuid(), jsonb_build_object('firstName', 'Liker ' || i, 'age', 30, 'verified', true, 'photos', '[]'::jsonb), true, 30,
                    CASE WHEN i % 2 = 0 THEN 'male' ELSE 'female' END, 'both', 'Delta Air Lines', 'Pilot', 'airline', 40.755, -73.985, 'approved', now(), to_timestamp(8640000000000)
             FROM generate_series(1, $1) i RETURNING user_id`,
            [PAIRS * 2],
          )
        ).rows.map((r) => r.user_id);
        const pairs = Array.from({ length: PAIRS }, (_, j) => [likers[2 * j], likers[2 * j + 1]]);
        const sids = await gw.call('sessions', likers);
        const sidOf = new Map(likers.map((id, k) => [id, sids[k]]));
        // requests alternate between the two gateways: a pair's two likes go one to each
        const clients = gateways.map((g) => httpClient(g.port));
        let turn = 0;
        const client = { request: (r) => clients[turn++ % clients.length].request(r), close: () => clients.forEach((c) => c.close()) };
        await load(client, 2, () => ({ path: '/api/health' })); // warm-up
        const health = await load(client, SECONDS, () => ({ path: '/api/health' }), gateways);
        // each pair's two likes back to back: with 50 in flight they run at the same instant, on two gateways
        const likes = pairs.flatMap(([a, b]) => [{ from: a, to: b }, { from: b, to: a }]);
        const answers = new Array(likes.length);
        let k = 0;
        if (PROFILE) await gw.call('profileStart');
        const likeLoad = await load(client, LIKE_SECONDS, () => {
          if (k >= likes.length) return null;
          const n = k++;
          const { from, to } = likes[n];
          return { method: 'PATCH', path: '/api/likes', cookie: `aero_sid=${sidOf.get(from)}`, body: { toUserId: to }, done: (res) => (answers[n] = res) };
        }, gateways);
        const profile = PROFILE ? await gw.call('profileStop') : null;
        // the pairs whose two likes were both answered (the time cap may leave the rest unsent)
        const sentPairs = pairs.length;
        pairs.splice(0, pairs.length, ...pairs.filter((_, j) => answers[2 * j] && answers[2 * j + 1]));
        answers.splice(0, answers.length, ...answers.filter((_, n) => answers[n - (n % 2)] && answers[n - (n % 2) + 1]));
        // exactly one match per pair, none lost, none doubled, and the answers name it
        const rows = (await db.query(`SELECT id, user_low, user_high FROM discovery.matches WHERE user_low = ANY($1::uuid[]) OR user_high = ANY($1::uuid[])`, [likers])).rows;
        const byPair = Map.groupBy(rows, (r) => `${r.user_low}:${r.user_high}`);
        let lost = 0;
        let duplicate = 0;
        let unreported = 0;
        let wrongId = 0;
        pairs.forEach(([a, b], j) => {
          const found = byPair.get(a < b ? `${a}:${b}` : `${b}:${a}`) ?? [];
          if (!found.length) lost++;
          if (found.length > 1) duplicate += found.length - 1;
          const said = [answers[2 * j], answers[2 * j + 1]].filter((r) => r?.body?.isMatch);
          if (!said.length) unreported++;
          if (said.some((r) => r.body.match?.id !== found[0]?.id)) wrongId++;
        });
        const strangers = rows.length - pairs.filter(([a, b]) => byPair.has(a < b ? `${a}:${b}` : `${b}:${a}`)).length - duplicate;
        const refused = answers.filter((r) => r.status !== 200);
        // downstream: messaging opens a chat room per match from discovery.match.created (JetStream)
        t = performance.now();
        let rooms = 0;
        while (performance.now() - t < 30_000) {
          rooms = (await db.query(`SELECT count(*)::int AS n FROM messaging.chat_rooms WHERE match_id = ANY($1::uuid[])`, [rows.map((r) => r.id)])).rows[0].n;
          if (rooms >= rows.length) break;
          await sleep(250);
        }
        const roomsSeconds = (performance.now() - t) / 1000;
        console.log(`\n── likes through two gateways, distributed mode (each hosting a replica of the six services: two discovery replicas; NATS ${natsUrl}, JetStream, Redis; up in ${startup.toFixed(1)} s), ${IN_FLIGHT} requests in flight, alternating between the gateways`);
        console.log(loadLine('PATCH /api/likes', likeLoad));
        console.log(loadLine('GET /api/health (baseline)', health));
        console.log(`  ratio likes / health: throughput ×${(likeLoad.rate / health.rate).toFixed(2)}, p99 ×${(pct(likeLoad.lat, 99) / pct(health.lat, 99)).toFixed(1)}`);
        console.log(`  CPU during the likes (100% = one core of ${os.cpus().length}): ${cpuLine(likeLoad.cpu)}`);
        console.log(statsLine(likeLoad).replace('per request', 'per like (the swipe transaction, the outbox relay, the consumers of like.created and match.created)'));
        console.log(tablesLine(likeLoad));
        if (profile) console.log(profileLines(profile));
        console.log(
          `  matches: ${pairs.length} pairs liked each other (each pair's two likes at the same instant; ${sentPairs - pairs.length} pairs left unsent after ${LIKE_SECONDS} s) → ${rows.length} matches; lost ${lost}, duplicate ${duplicate}, unexpected ${strangers};` +
            ` pairs no answer called a match ${unreported}, answers naming another match ${wrongId}; refused likes ${refused.length}${refused.length ? ` (first: ${refused[0].status} ${JSON.stringify(refused[0].body)})` : ''}`,
        );
        console.log(`  chat rooms from discovery.match.created: ${rooms} of ${rows.length} (${rooms >= rows.length ? `all, ${roomsSeconds.toFixed(1)} s after the last like` : 'NOT all after 30 s'})`);
        const p99 = pct(likeLoad.lat, 99);
        console.log(
          `  goal (issue 10): ≥ 3,000 likes/s → ${likeLoad.rate.toFixed(0)}/s ${likeLoad.rate >= 3000 ? 'met' : 'MISSED'}; p99 ≤ 50 ms → ${p99.toFixed(1)} ms ${p99 <= 50 ? 'met' : 'MISSED'};` +
            ` zero lost or duplicate matches → ${lost + duplicate === 0 && rows.length === pairs.length ? 'met' : 'MISSED'}`,
        );
        for (const g of gateways) {
          await g.stop();
          children.splice(children.indexOf(g), 1);
        }
        client.close();
      }
    }
    console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadAverage()} at the end`);
  } finally {
    for (const c of children.reverse()) await c.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    if (usedNats) {
      const bus = await JetStreamEventBus.connect({ servers: natsUrl, stream, prefix: eventsPrefix, logger: { log() {}, warn() {}, error() {} } }).catch(() => null);
      await bus?.deleteStream().catch(() => undefined);
      await bus?.close();
      await deleteRedisKeys(redisUrl, redisPrefix).catch(() => undefined);
    }
    await database.drop();
  }

  /**
   * Runs requests from `next()` (null: no more) with IN_FLIGHT in flight, for `seconds` (or until
   * next() runs out); latencies, statuses, and the CPU the processes used meanwhile.
   */
  async function load(client, seconds, next, processes = []) {
    const lat = [];
    const statuses = new Map();
    const statsBefore = await dbStats(db);
    const tablesBefore = await tableStats(db);
    const cpuBefore = await cpuSnapshot(processes, db);
    const t0 = performance.now();
    const deadline = t0 + seconds * 1000;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (performance.now() < deadline) {
          const req = next();
          if (!req) return;
          const s = performance.now();
          const res = await client.request(req);
          lat.push(performance.now() - s);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          req.done?.(res);
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = await cpuSpent(processes, db, cpuBefore, elapsed);
    lat.sort((a, b) => a - b);
    await sleep(1_100); // backends report their counters at most once a second
    const statsAfter = await dbStats(db);
    const perRequest = Object.fromEntries(Object.keys(statsAfter).map((k) => [k, (statsAfter[k] - statsBefore[k]) / lat.length]));
    const tables = [...(await tableStats(db))]
      .map(([name, a]) => ({ name, ...Object.fromEntries(Object.keys(a).map((k) => [k, (a[k] - (tablesBefore.get(name)?.[k] ?? 0)) / lat.length])) }))
      .filter((x) => x.seq_scan + x.idx_scan > 0);
    return { lat, rate: lat.length / elapsed, elapsed, statuses, cpu, perRequest, tables };
  }
}

// ───────────────────────────── the data ─────────────────────────────

/**
 * Fills the read model with set-based SQL. Places: the largest US places of the gateway's place
 * list; 5,000 cells drawn from them by population, each a point within ~25 miles of its place
 * snapped with discovery's snapToGrid, ordered by place so that members next to each other in
 * generate_series order live in the same area (their swipes go to neighbours).
 */
async function fill(db, { PROFILES, SWIPES, snapToGrid, AIRLINES, POSITIONS, DISTANCE_OPTIONS, RegistrationOptions }) {
  const places = JSON.parse(readFileSync(new URL('../gateway/src/places/data/us-places.json', import.meta.url), 'utf8'))
    .places.filter((p) => p[4] >= 50_000)
    .sort((a, b) => b[4] - a[4]);
  const total = places.reduce((n, p) => n + p[4], 0);
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const cells = [];
  places.forEach((p, idx) => {
    const n = Math.max(1, Math.round((p[4] / total) * 5000));
    for (let i = 0; i < n; i++) {
      const r = Math.sqrt(random()) * 0.36; // up to ~25 miles
      const a = random() * 2 * Math.PI;
      const cell = snapToGrid(p[2] + r * Math.sin(a), p[3] + (r * Math.cos(a)) / Math.cos((p[2] * Math.PI) / 180));
      cells.push({ ...cell, place: `${p[0]}, ${p[1]}`, idx });
    }
  });
  const names = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Casey', 'Riley', 'Morgan', 'Avery', 'Jamie', 'Quinn', 'Drew', 'Skyler', 'Reese', 'Emerson', 'Rowan', 'Harper'];
  await db.query('SET synchronous_commit = off');
  await db.query('SET maintenance_work_mem = \'256MB\'');
  // (random() + 0 * i in a LATERAL: drawn per member; an uncorrelated one would be drawn once for all)
  // members i = 1..N: cell by position (so neighbours in i share an area), the rest at random
  await db.query(
    `INSERT INTO discovery.candidates (user_id, profile, profile_completed, age, gender, interested_in, airline, position, age_min, age_max, distance_pref,
                                       cell_lat, cell_lng, user_type, subscription_status, boost_until, visibility, show_age, show_distance, last_active_at, profile_revision, account_revision,
                                       verification, registered_at, staff_access_until)
     SELECT id, jsonb_build_object(
              'id', id, 'firstName', ($6::text[])[1 + i % cardinality($6::text[])], 'age', age,
              'bio', 'Flying the ' || airline || ' network out of ' || place || '. Coffee at 5 am, sunsets at 35,000 ft.',
              'location', place, 'airline', CASE WHEN user_type = 'airline' THEN airline END, 'position', CASE WHEN user_type = 'airline' THEN position END,
              'verified', user_type = 'airline' AND r4 < 0.8, 'photos', jsonb_build_array('/api/photos/' || id || '/1', '/api/photos/' || id || '/2', '/api/photos/' || id || '/3'),
              'mainPhoto', '/api/photos/' || id || '/1', 'gender', gender, 'interestedIn', interested_in,
              'drinkingHabits', ($9::text[])[1 + i % cardinality($9::text[])], 'smokingHabits', 'never', 'drugsCannabisCUse', 'never', 'dietaryPreferences', NULL,
              'pets', ($10::text[])[1 + (i / 7) % cardinality($10::text[])], 'exerciseHabits', 'weekly', 'sleepHabits', NULL, 'relationshipType', 'monogamous',
              'lookingFor', ($11::text[])[1 + (i / 3) % cardinality($11::text[])], 'religion', NULL, 'politicalViews', NULL, 'ethnicity', NULL,
              'languagesSpoken', '["English"]'::jsonb, 'zodiacSign', NULL),
            r1 >= 0.03, age, gender, interested_in, airline, position,
            CASE WHEN r2 < 0.2 THEN 18 ELSE greatest(18, age - 3 - floor(r3 * 8)::int) END,
            CASE WHEN r2 < 0.2 THEN 99 ELSE least(99, age + 3 + floor(r3 * 12)::int) END,
            CASE WHEN r5 < 0.25 THEN NULL ELSE ($7::int[])[1 + floor(r5 * 1000)::int % cardinality($7::int[])] END,
            CASE WHEN r1 > 0.97 THEN NULL ELSE lat END, CASE WHEN r1 > 0.97 THEN NULL ELSE lng END,
            CASE WHEN r1 < 0.01 THEN NULL ELSE user_type END,
            CASE WHEN user_type = 'general' AND r4 < 0.6 THEN 'active' ELSE 'inactive' END,
            CASE WHEN r6 < 0.005 THEN now() + (r3 * interval '30 minutes') END,
            CASE WHEN r6 > 0.97 THEN 'hidden' WHEN r6 > 0.93 THEN 'verified-only' ELSE 'everyone' END,
            r4 > 0.05, r5 > 0.05, now() - r6 * interval '30 days', 1, 1,
            CASE WHEN user_type <> 'airline' THEN 'none' WHEN r4 < 0.8 THEN 'approved' WHEN r4 < 0.9 THEN 'pending' ELSE 'none' END,
            registered_at,
            CASE WHEN user_type <> 'airline' THEN NULL WHEN r4 < 0.9 THEN to_timestamp(8640000000000) ELSE registered_at + interval '7 days' END
     FROM (
       SELECT i, ${memberId('i')} AS id, c.lat, c.lng, c.place,
              21 + floor(power(random(), 1.6) * 40)::int AS age,
              CASE WHEN g < 0.52 THEN 'male' ELSE 'female' END AS gender,
              CASE WHEN o < 0.85 THEN CASE WHEN g < 0.52 THEN 'woman' ELSE 'man' END WHEN o < 0.9 THEN CASE WHEN g < 0.52 THEN 'man' ELSE 'woman' END ELSE 'both' END AS interested_in,
              CASE WHEN random() < 0.6 THEN 'airline' ELSE 'general' END AS user_type,
              ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] AS airline,
              ($5::text[])[1 + floor(random() * cardinality($5::text[]))::int] AS position,
              random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6,
              now() - random() * interval '60 days' AS registered_at
       FROM generate_series(1, $1::int) i
       CROSS JOIN LATERAL (SELECT random() + 0 * i AS g, random() + 0 * i AS o) go
       CROSS JOIN LATERAL (SELECT ($2::float8[])[k] AS lat, ($3::float8[])[k] AS lng, ($8::text[])[k] AS place
                           FROM (SELECT 1 + ((i - 1)::bigint * cardinality($2::float8[]) / $1::int)::int AS k) kk) c
     ) m`,
    [PROFILES, cells.map((c) => c.lat), cells.map((c) => c.lng), AIRLINES, POSITIONS, names, DISTANCE_OPTIONS, cells.map((c) => c.place), RegistrationOptions.drinkingHabits, RegistrationOptions.pets, RegistrationOptions.lookingFor],
  );
  // SWIPES per member to members nearby (distinct offsets k × step, step < 100): 70% passes, 25% likes, 5% super likes
  await db.query(
    `INSERT INTO discovery.swipes (user_id, target_id, action, undoable, created_at)
     SELECT ${memberId('i')}, ${memberId('(1 + (i - 1 + k * step) % $1::int)')},
            CASE WHEN r < 0.7 THEN 'pass' WHEN r < 0.95 THEN 'like' ELSE 'super_like' END, k = $2::int, now() - r * interval '60 days'
     FROM generate_series(1, $1::int) i
     CROSS JOIN LATERAL (SELECT 1 + (abs(hashint4(i)) % 97) AS step) s
     CROSS JOIN LATERAL (SELECT k, random() + 0 * i AS r FROM generate_series(1, $2::int) k) kk`,
    [PROFILES, SWIPES],
  );
  await db.query('VACUUM ANALYZE discovery.candidates');
  await db.query('VACUUM ANALYZE discovery.swipes');
}

/** member i's id as SQL: a fixed version 4 UUID (the contracts validate ids as v4) */
function memberId(i) {
  return `overlay(overlay(md5('bench-member-' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
}

// ───────────────────────────── HTTP and figures ─────────────────────────────

/** keep-alive HTTP/1.1 to the gateway with the product's Origin; JSON in and out */
function httpClient(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const origin = `http://127.0.0.1:${port}`;
  return {
    request: ({ method = 'GET', path, cookie, body }) =>
      new Promise((resolve) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          { host: '127.0.0.1', port, method, path, agent, headers: { origin, ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => {
              let parsed;
              try {
                parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                parsed = undefined;
              }
              resolve({ status: res.statusCode, body: parsed });
            });
          },
        );
        req.on('error', (error) => resolve({ status: 0, body: { error: error.message } }));
        req.end(payload);
      }),
    close: () => agent.destroy(),
  };
}

/** CPU time of this process, the gateway processes, the database's backends and the whole machine (/proc/stat) */
async function cpuSnapshot(processes, db) {
  return { self: process.cpuUsage(), children: await Promise.all(processes.map((p) => p.call('cpu'))), backends: await backendTicks(db), machine: machineTicks() };
}

async function cpuSpent(processes, db, before, seconds) {
  const after = await cpuSnapshot(processes, db);
  const pctOf = (a, b) => (a.user + a.system - b.user - b.system) / 1e4 / seconds;
  const gateways = after.children.map((c, i) => pctOf(c, before.children[i]));
  const self = pctOf(after.self, before.self);
  // clock ticks are 1/100 s on Linux
  const postgres = [...after.backends].reduce((n, [pid, ticks]) => n + ticks - (before.backends.get(pid) ?? 0), 0) / seconds;
  const busy = ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100 * os.cpus().length;
  return { gateways, self, postgres, rest: Math.max(0, busy - self - postgres - gateways.reduce((a, b) => a + b, 0)), busy };
}

/** user + system clock ticks of every PostgreSQL backend connected to this bench's database (but the bench's own) */
async function backendTicks(db) {
  const pids = (await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const ticks = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the backend ended meanwhile
    }
  }
  return ticks;
}

/** the bench database's counters (pg_stat_database) */
async function dbStats(db) {
  const [row] = (await db.query('SELECT xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted, blks_hit, blks_read FROM pg_stat_database WHERE datname = current_database()')).rows;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** per-table counters of the bench database (pg_stat_user_tables) */
async function tableStats(db) {
  const rows = (await db.query(`SELECT schemaname || '.' || relname AS name, seq_scan, seq_tup_read, coalesce(idx_scan, 0) AS idx_scan, coalesce(idx_tup_fetch, 0) AS idx_tup_fetch, n_tup_ins, n_tup_upd FROM pg_stat_user_tables`)).rows;
  return new Map(rows.map(({ name, ...r }) => [name, Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]))]));
}

/** the tables a request touched most, per request: sequential scans (rows read) and index scans */
function tablesLine(r) {
  const top = [...r.tables].sort((a, b) => b.seq_tup_read + b.idx_tup_fetch + b.idx_scan - (a.seq_tup_read + a.idx_tup_fetch + a.idx_scan)).slice(0, 6);
  return `  tables per request (pg_stat_user_tables): ${top.map((x) => `${x.name} ${x.seq_tup_read ? `${x.seq_scan.toFixed(2)} seq scans reading ${x.seq_tup_read.toFixed(0)} rows, ` : ''}${x.idx_scan.toFixed(1)} index scans (${x.idx_tup_fetch.toFixed(0)} rows)`).join('; ')}`;
}

function statsLine(r) {
  const p = r.perRequest;
  return `  database work per request: ${p.xact_commit.toFixed(1)} commits, ${p.tup_returned.toFixed(0)} rows scanned, ${p.tup_fetched.toFixed(0)} fetched by index, ${p.tup_inserted.toFixed(1)} inserted, ${p.tup_updated.toFixed(1)} updated, ${p.blks_hit.toFixed(0)} buffer hits, ${p.blks_read.toFixed(1)} reads (pg_stat_database)`;
}

function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** CPU milliseconds per request of a share of a core (%) at `rate` requests/s */
function msPer(percent, rate) {
  return `${((percent * 10) / rate).toFixed(2)} ms`;
}

/** a gateway's CPU profile (BENCH_PROFILE=1; profiling slows what it watches) */
function profileLines(profile) {
  return (
    `  gateway process's CPU profile, self time by place (BENCH_PROFILE=1; profiling slows the load): ${profile.places.filter(([, f]) => f >= 0.01).map(([place, f]) => `${place} ${(f * 100).toFixed(0)}%`).join(', ')}\n` +
    `    top functions by self time: ${profile.functions.map(([fn, f]) => `${fn} ${(f * 100).toFixed(1)}%`).join('; ')}`
  );
}

function cpuLine(c) {
  return `${c.gateways.map((g) => `gateway process ${g.toFixed(0)}%`).join(', ')}, bench client ${c.self.toFixed(0)}%, PostgreSQL backends of the bench database ${c.postgres.toFixed(0)}%, the rest of the machine ${c.rest.toFixed(0)}% (PostgreSQL's parallel workers and own processes, NATS, Redis, other work on the machine); machine busy ${c.busy.toFixed(0)}% of ${os.cpus().length * 100}%`;
}

function loadAverage() {
  return os.loadavg().map((x) => x.toFixed(1)).join(' / ');
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function ms(x) {
  return `${x.toFixed(2).padStart(7)} ms`;
}

function loadLine(label, r) {
  const statuses = [...r.statuses.entries()].map(([s, n]) => `${s}×${n}`).join(' ');
  return `  ${label.padEnd(28)} ${r.rate.toFixed(0).padStart(6)} req/s   p50 ${ms(pct(r.lat, 50))}  p95 ${ms(pct(r.lat, 95))}  p99 ${ms(pct(r.lat, 99))}   ${r.lat.length} requests in ${r.elapsed.toFixed(1)} s (status ${statuses})`;
}
