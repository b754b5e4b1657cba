// The match list's conversation summaries (GET /api/matches asks messaging for them, and every
// signed-in tab asks again on each new message): MessageRepository.summaries() for members with
// many conversations of many messages. Not a test.
//
//   node_modules/.bin/node bench/conversations.bench.mjs   (after `npm run build`)
//   [BENCH_CONV_MEMBERS=100 BENCH_CONV_MATCHES=30 BENCH_CONV_MESSAGES=300 (the average per conversation)]
//
// DATABASE_URL (admin URL; a fresh database bench_conversations_<timestamp> is created and
// dropped) defaults to the local server.
//
//   - messaging is started (its migrations make the schema); each member gets BENCH_CONV_MATCHES
//     chat rooms with someone else, each with 0 to twice BENCH_CONV_MESSAGES messages in turns,
//     all read but the last one in one room of three; one room of ten has ended.
//   - measured: summaries(member, their match ids) for every member, one after the other, three
//     rounds (the first warms the cache and is not counted). Baseline, in the same run: the same
//     answer by the query it replaced, one GROUP BY over every message of the member's
//     conversations (both are checked to agree first); the ratio of the two p95s is printed.
import os from 'node:os';
import { performance } from 'node:perf_hooks';

process.env.LOG_LEVEL ||= 'error';
await import('reflect-metadata');
const pg = (await import('pg')).default;
const { benchDatabase } = await import('./support/database.mjs');
const { InProcessBroker, InProcessRpcClient, openInfrastructure, startService, Transactions } = await import('../libs/common/dist/index.js');
const { loadSettings } = await import('../libs/config/dist/index.js');
const { service: messagingService } = await import('../services/messaging/dist/index.js');
const { MessageRepository } = await import('../services/messaging/dist/messages/message.repository.js');

const MEMBERS = Number(process.env.BENCH_CONV_MEMBERS ?? 100);
const MATCHES = Number(process.env.BENCH_CONV_MATCHES ?? 30);
const MESSAGES = Number(process.env.BENCH_CONV_MESSAGES ?? 300);

/** the query summaries() ran before (the baseline) */
const AGGREGATE = `SELECT r.match_id, max(m.created_at) AS last_at, bool_or(m.sender_id <> $1 AND m.read_at IS NULL) AS unread
  FROM messaging.chat_rooms r LEFT JOIN messaging.messages m ON m.match_id = r.match_id
  WHERE r.match_id = ANY($2::uuid[]) AND $1 = ANY(r.member_ids) AND r.ended_at IS NULL
  GROUP BY r.match_id`;

const dbName = `bench_conversations_${Date.now()}`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (x) => `${x.toFixed(2).padStart(7)} ms`;

const database = await benchDatabase(dbName);
const dbUrl = database.url;
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
let messaging;
let infra;
try {
  infra = await openInfrastructure(loadSettings({ DATABASE_URL: dbUrl, DATA_DIR: database.dataDir, LOG_LEVEL: 'error' }), { name: 'bench', services: [] });
  const broker = new InProcessBroker();
  messaging = await startService(messagingService, infra.runtimeFor('messaging', new InProcessRpcClient(broker)), { kind: 'in-process', broker });
  const repo = messaging.get(MessageRepository);

  let t = performance.now();
  const { rows: members } = await db.query(`SELECT gen_random_uuid() AS id FROM generate_series(1, $1)`, [MEMBERS]);
  await db.query(
    `INSERT INTO messaging.chat_rooms (match_id, member_ids, ended_at)
     SELECT gen_random_uuid(), ARRAY[m, gen_random_uuid()], CASE WHEN i % 10 = 9 THEN now() END
     FROM unnest($1::uuid[]) m, generate_series(0, $2 - 1) i`,
    [members.map((m) => m.id), MATCHES],
  );
  // in turns of three from each member, a second apart; the last one unread in one room of three
  await db.query(
    `INSERT INTO messaging.messages (id, match_id, sender_id, content, message_type, created_at, read_at)
     SELECT gen_random_uuid(), r.match_id, r.member_ids[1 + (g / 3) % 2], 'Wheels up in ten!', 'text', at, CASE WHEN g < r.n - 1 OR r.k % 3 <> 0 THEN at END
     FROM (SELECT match_id, member_ids, row_number() OVER () AS k, floor(random() * 2 * $1)::int AS n FROM messaging.chat_rooms) r,
          generate_series(0, r.n - 1) g,
          LATERAL (SELECT now() - interval '30 days' + g * interval '1 second' AS at) x`,
    [MESSAGES],
  );
  await db.query('VACUUM ANALYZE messaging.chat_rooms, messaging.messages');
  const { rows: [{ count }] } = await db.query('SELECT count(*)::int AS count FROM messaging.messages');
  const roomsOf = new Map();
  for (const r of (await db.query('SELECT match_id, member_ids[1] AS member FROM messaging.chat_rooms')).rows) roomsOf.set(r.member, [...(roomsOf.get(r.member) ?? []), r.match_id]);
  console.log(
    `conversations bench, node ${process.version}, ${os.cpus().length} cores: ${MEMBERS} members × ${MATCHES} conversations, ${count.toLocaleString('en-US')} messages (filled in ${((performance.now() - t) / 1000).toFixed(1)} s); load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`,
  );

  const measure = async (label, run) => {
    const times = [];
    for (let round = 0; round < 3; round++) {
      for (const { id } of members) {
        t = performance.now();
        await run(id, roomsOf.get(id));
        if (round > 0) times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(44)} p50 ${ms(pct(times, 50))}   p95 ${ms(pct(times, 95))}   max ${ms(times.at(-1))}   (${times.length} calls)`);
    return pct(times, 95);
  };
  // the same answers both ways, before timing either
  for (const { id } of members.slice(0, 10)) {
    const ours = (await repo.summaries(id, roomsOf.get(id))).map((s) => `${s.matchId} ${s.lastMessageAt} ${s.hasUnreadMessages}`).sort();
    const theirs = (await db.query(AGGREGATE, [id, roomsOf.get(id)])).rows.map((r) => `${r.match_id} ${r.last_at?.toISOString() ?? null} ${r.unread === true}`).sort();
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) throw new Error(`the two queries disagree for member ${id}`);
  }
  // through the repository's own connection, as summaries() runs
  const sql = messaging.get(Transactions).manager;
  const baseline = await measure('baseline: one GROUP BY over the messages', (id, matchIds) => sql.query(AGGREGATE, [id, matchIds]));
  const summaries = await measure('summaries(): two index lookups a room', (id, matchIds) => repo.summaries(id, matchIds));
  console.log(`p95 ratio summaries / baseline: ${(summaries / baseline).toFixed(3)}`);
} finally {
  await messaging?.close();
  await infra?.close();
  await db.end();
  await database.drop();
}
