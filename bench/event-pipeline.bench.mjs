// Event pipeline benchmark: outbox → relay → bus → idempotent (inbox) consumer, through
// JetStream and through the in-process bus. Prints throughput and end-to-end latency; not a test.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
//     node bench/event-pipeline.bench.mjs            [BENCH_EVENTS=5000 BENCH_PACED=500]
//
// Builds libs/event-bus into its dist/ first, creates its own database and stream, drops both.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { buildEventBusLib } from '../libs/event-bus/test/fixtures/build-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { InProcessEventBus, JetStreamEventBus, OutboxRelay, outboxInboxSql, subscribeIdempotent, writeOutbox } = await import(
  await buildEventBusLib(join(root, 'libs/event-bus/dist'))
);

const BURST = Number(process.env.BENCH_EVENTS ?? 5_000); // written as fast as possible, 50 per transaction
const PACED = Number(process.env.BENCH_PACED ?? 500); // one per transaction, every 4 ms: latency without backlog
const PHASE_LIMIT_MS = 60_000;
const SUBJECT = 'bench.thing.happened';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const quiet = { log() {}, warn: console.warn, error: console.error };
const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function runPipeline(label, bus, dataSource) {
  const schema = `bench_${label}`;
  for (const sql of outboxInboxSql(schema)) await dataSource.query(sql);
  await dataSource.query(`CREATE TABLE ${schema}.sink (event_id uuid PRIMARY KEY)`);
  const relay = new OutboxRelay({ dataSource, schema, bus, batchSize: 200, pollIntervalMs: 100, logger: quiet });

  let latencies = [];
  // measure after the inbox transaction committed, i.e. when the bus would ack
  const timedBus = {
    publish: (events) => bus.publish(events),
    close: () => bus.close(),
    subscribe: (o) => bus.subscribe({ ...o, handle: async (e) => (await o.handle(e), latencies.push(performance.now() - e.payload.t)) }),
  };
  const consume = () =>
    subscribeIdempotent(timedBus, dataSource, schema, {
      consumer: `bench.${label}`,
      subjects: [SUBJECT],
      handle: (e, manager) => manager.query(`INSERT INTO ${schema}.sink (event_id) VALUES ($1)`, [e.id]),
    });
  const subscriptions = [await consume(), await consume()];
  relay.start();

  const phase = async (name, total, write) => {
    latencies = [];
    const started = performance.now();
    await write();
    while (latencies.length < total && performance.now() - started < PHASE_LIMIT_MS) await sleep(5);
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return { name, events: latencies.length, of: total, perSecond: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const write = (n) => dataSource.transaction(async (m) => { for (let i = 0; i < n; i++) await writeOutbox(m, schema, SUBJECT, { t: performance.now() }); });

  const burst = await phase('burst', BURST, async () => {
    for (let written = 0; written < BURST; written += 50) {
      await write(Math.min(50, BURST - written));
      relay.kick();
    }
  });
  const paced = await phase('paced', PACED, async () => {
    for (let i = 0; i < PACED; i++) {
      await write(1);
      relay.kick();
      await sleep(4);
    }
  });
  await Promise.all(subscriptions.map((s) => s.stop()));
  await relay.stop();
  return [burst, paced];
}

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const dbName = `bench_${id}`;
await admin.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(databaseUrl);
url.pathname = `/${dbName}`;
const dataSource = new DataSource({ type: 'postgres', url: url.toString(), poolSize: 8 });
const jetStream = await JetStreamEventBus.connect({ servers: natsUrl, stream: `BENCH_${id}`, prefix: `bench_${id}`, name: 'event-pipeline-bench', logger: quiet });
const inProcess = new InProcessEventBus({ logger: quiet });
const results = {};
try {
  await dataSource.initialize();
  results.jetstream = await runPipeline('jetstream', jetStream, dataSource);
  results.inprocess = await runPipeline('inprocess', inProcess, dataSource);
} finally {
  await jetStream.deleteStream().catch(() => {});
  await jetStream.close();
  await inProcess.close();
  if (dataSource.isInitialized) await dataSource.destroy();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}

const fmt = (r) =>
  `${r.name.padEnd(6)} ${String(r.events).padStart(6)}/${r.of}  ${r.perSecond.toFixed(0).padStart(7)} ev/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms`;
console.log(`event pipeline: outbox → relay → bus → inbox consumer (2 subscriptions), node ${process.version}`);
for (const [bus, rows] of Object.entries(results)) for (const r of rows) console.log(`${bus.padEnd(10)} ${fmt(r)}`);
const [jsBurst, jsPaced] = results.jetstream;
const [memBurst, memPaced] = results.inprocess;
console.log('burst: rows written as fast as one connection can (50 per transaction), so its latency is mostly backlog;');
console.log('paced: one row per transaction every ~4 ms, so its latency is the pipeline itself (its rate is just the pace).');
console.log(
  `ratio in-process / JetStream: burst throughput ×${(memBurst.perSecond / jsBurst.perSecond).toFixed(2)}, paced p50 latency ×${(memPaced.p50 / jsPaced.p50).toFixed(2)}, paced p99 ×${(memPaced.p99 / jsPaced.p99).toFixed(2)}`,
);
