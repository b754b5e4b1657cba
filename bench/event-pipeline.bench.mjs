// Event pipeline benchmark: outbox → relay → bus → idempotent (inbox) consumer, through
// JetStream, through single-node mode's PostgreSQL event log and through the in-process bus.
// Prints throughput, end-to-end latency and this process's CPU time per event (relay, consumers
// and, in the burst and paced phases, the writer: steadier than rates on a shared machine); not a test.
// The consumer's handler writes one row per event (`handle`, what every service handler does);
// `jetstream-set` is the same pipeline with the handler written set-based (`handleMany`: one
// statement per batch), to show what the backbone itself costs once the handler is not the limit.
// Baseline, measured in the same run: raw JetStream (the same @nats-io/jetstream client, no
// database) publishing a burst with async publish and consuming it with one pull consumer; the
// pipeline's backlog rate is printed as a ratio of it.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
//     node bench/event-pipeline.bench.mjs   [BENCH_EVENTS=5000 BENCH_PACED=500 BENCH_BUSES=jetstream,jetstream-set,eventlog,inprocess BENCH_LIB=…/index.js]
//
// Builds libs/event-bus into its dist/ first, creates its own database and stream, drops both.
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { buildEventBusLib } from '../libs/event-bus/test/fixtures/build-lib.mjs';
import { benchDatabase } from './support/database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_LIB: an event-bus build to measure instead (its dist/index.js), e.g. another commit's for an A/B run
const { InProcessEventBus, JetStreamEventBus, OutboxRelay, PostgresEventBus, outboxInboxSql, subscribeIdempotent, writeOutbox } = await import(
  process.env.BENCH_LIB ? pathToFileURL(resolve(process.env.BENCH_LIB)).href : await buildEventBusLib(join(root, 'libs/event-bus/dist'))
);

const BURST = Number(process.env.BENCH_EVENTS ?? 5_000); // written as fast as possible, 50 per transaction
const PACED = Number(process.env.BENCH_PACED ?? 500); // one per transaction, every 4 ms: latency without backlog
const PHASE_LIMIT_MS = 60_000;
const BUSES = (process.env.BENCH_BUSES ?? 'jetstream,jetstream-set,eventlog,inprocess').split(','); // e.g. only `jetstream` under a profiler
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const quiet = { log() {}, warn: console.warn, error: console.error };
const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `setBased`: the handler's rows written with one statement per batch (handleMany) besides one per event (handle) */
async function runPipeline(label, bus, dataSource, setBased = false) {
  const schema = `bench_${label}`;
  // a subject per run: a durable consumer starts with every event of its subject still in the stream
  const subject = `bench.${label}.happened`;
  for (const sql of outboxInboxSql(schema)) await dataSource.query(sql);
  await dataSource.query(`CREATE TABLE ${schema}.sink (event_id uuid PRIMARY KEY)`);
  const relay = new OutboxRelay({ dataSource, schema, bus, pollIntervalMs: 100, logger: quiet });

  let latencies = [];
  // measure after the inbox transaction committed, i.e. when the bus would ack
  const timedBus = {
    publish: (events) => bus.publish(events),
    close: () => bus.close(),
    subscribe: (o) =>
      bus.subscribe({
        ...o,
        handle: async (e) => (await o.handle(e), latencies.push(performance.now() - e.payload.t)),
        handleBatch: async (events) => {
          const outcomes = await o.handleBatch(events);
          const now = performance.now();
          events.forEach((e, i) => outcomes[i] || latencies.push(now - e.payload.t));
          return outcomes;
        },
      }),
  };
  const consume = () =>
    subscribeIdempotent(timedBus, dataSource, schema, {
      consumer: `bench.${label}`,
      subjects: [subject],
      handle: (e, manager) => manager.query(`INSERT INTO ${schema}.sink (event_id) VALUES ($1)`, [e.id]),
      ...(setBased ? { handleMany: (events, manager) => manager.query(`INSERT INTO ${schema}.sink (event_id) SELECT unnest($1::uuid[])`, [events.map((e) => e.id)]) } : {}),
    });
  const subscriptions = [await consume(), await consume()];

  const phase = async (name, total, write, timeFrom = 'start') => {
    latencies = [];
    let started = performance.now();
    let cpu = process.cpuUsage();
    await write();
    if (timeFrom === 'written') {
      started = performance.now();
      cpu = process.cpuUsage();
      relay.start();
      relay.kick();
    }
    while (latencies.length < total && performance.now() - started < PHASE_LIMIT_MS) await sleep(5);
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    const sorted = [...latencies].sort((a, b) => a - b);
    return { name, events: latencies.length, of: total, perSecond: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpuPerEvent: (user + system) / latencies.length };
  };
  const write = (n) => dataSource.transaction(async (m) => { for (let i = 0; i < n; i++) await writeOutbox(m, schema, subject, { t: performance.now() }); });

  // a backlog of committed rows, then the relay starts: the pipeline's own rate (latency is backlog)
  const backlog = await phase(
    'backlog',
    BURST,
    async () => {
      for (let written = 0; written < BURST; written += 50) await write(Math.min(50, BURST - written));
    },
    'written',
  );
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
  return [backlog, burst, paced];
}

const database = await benchDatabase(`bench_${id}`);
const dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 8 });
const jetStream = await JetStreamEventBus.connect({ servers: natsUrl, stream: `BENCH_${id}`, prefix: `bench_${id}`, name: 'event-pipeline-bench', logger: quiet });
const inProcess = new InProcessEventBus({ logger: quiet });
let eventLog;
const results = {};
let raw;
try {
  await dataSource.initialize();
  // single-node mode's bus: the durable event log, in the same database here
  eventLog = await PostgresEventBus.connect({ url: database.url, schema: 'bench_eventlog_log', pollIntervalMs: 100, logger: quiet });
  raw = await rawJetStream();
  if (BUSES.includes('jetstream')) results.jetstream = await runPipeline('jetstream', jetStream, dataSource);
  if (BUSES.includes('jetstream-set')) results['jetstream-set'] = await runPipeline('jetstream_set', jetStream, dataSource, true);
  if (BUSES.includes('eventlog')) results.eventlog = await runPipeline('eventlog', eventLog, dataSource);
  if (BUSES.includes('inprocess')) results.inprocess = await runPipeline('inprocess', inProcess, dataSource);
} finally {
  await jetStream.deleteStream().catch(() => {});
  await jetStream.close();
  await inProcess.close();
  await eventLog?.close();
  if (dataSource.isInitialized) await dataSource.destroy();
  await database.drop();
}

/** The same client with no database: async publish of BURST messages (200 per Promise.all), one pull consumer acking each. */
async function rawJetStream() {
  const nc = await connect({ servers: natsUrl, name: 'event-pipeline-bench-raw', noAsyncTraces: true }); // as JetStreamEventBus connects
  const stream = `BENCH_RAW_${id}`;
  const subject = `bench_raw_${id}.thing.happened`;
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  await jsm.streams.add({ name: stream, subjects: [`bench_raw_${id}.>`] });
  await jsm.consumers.add(stream, { durable_name: 'raw', ack_policy: AckPolicy.Explicit });
  try {
    const consumer = await js.consumers.get(stream, 'raw');
    const messages = await consumer.consume({ max_messages: 256 });
    const started = performance.now();
    let publishedAt = 0;
    const consumed = (async () => {
      let n = 0;
      for await (const m of messages) {
        m.ack();
        if (++n === BURST) break;
      }
      return performance.now();
    })();
    for (let i = 0; i < BURST; i += 200) {
      await Promise.all(Array.from({ length: Math.min(200, BURST - i) }, (_, k) => js.publish(subject, JSON.stringify({ id: `${i + k}`, payload: { t: 0 } }), { msgID: `${id}-${i + k}` })));
    }
    publishedAt = performance.now();
    const doneAt = await consumed;
    return { publishPerSecond: BURST / ((publishedAt - started) / 1000), perSecond: BURST / ((doneAt - started) / 1000) };
  } finally {
    await jsm.streams.delete(stream).catch(() => {});
    await nc.close();
  }
}

const fmt = (r) =>
  `${r.name.padEnd(7)} ${String(r.events).padStart(6)}/${r.of}  ${r.perSecond.toFixed(0).padStart(7)} ev/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   cpu ${r.cpuPerEvent.toFixed(0).padStart(4)} µs/ev`;
console.log(`event pipeline: outbox → relay → bus → inbox consumer (2 subscriptions), node ${process.version}`);
for (const [bus, rows] of Object.entries(results)) for (const r of rows) console.log(`${bus.padEnd(13)} ${fmt(r)}`);
console.log(`baseline, raw JetStream (same client, no database): ${raw.publishPerSecond.toFixed(0)} published/s, ${raw.perSecond.toFixed(0)} published and consumed/s (${BURST} messages)`);
console.log('backlog: rows committed first, then the relay starts: the pipeline alone (goal ≥ 10,000 ev/s), its latency is backlog;');
console.log('burst: rows written as fast as one connection can (50 per transaction) while the pipeline runs, so the writer bounds it;');
console.log('paced: one row per transaction every ~4 ms, so its latency is the pipeline itself (its rate is just the pace).');
console.log('cpu: this process (relay, consumers, writer) per event handled; the database and NATS servers not counted.');
const [jsBacklog, jsBurst, jsPaced] = results.jetstream ?? [];
const [setBacklog, setBurst] = results['jetstream-set'] ?? [];
const [, memBurst, memPaced] = results.inprocess ?? [];
if (jsBacklog) console.log(`ratio JetStream pipeline backlog / raw JetStream: ×${(jsBacklog.perSecond / raw.perSecond).toFixed(2)}; burst / raw ×${(jsBurst.perSecond / raw.perSecond).toFixed(2)}`);
if (setBacklog) console.log(`ratio JetStream pipeline, set-based handler, backlog / raw JetStream: ×${(setBacklog.perSecond / raw.perSecond).toFixed(2)}; burst / raw ×${(setBurst.perSecond / raw.perSecond).toFixed(2)}`);
const [, logBurst, logPaced] = results.eventlog ?? [];
if (jsBurst && logBurst) {
  console.log(
    `ratio event log (single-node) / JetStream: burst throughput ×${(logBurst.perSecond / jsBurst.perSecond).toFixed(2)}, paced p50 latency ×${(logPaced.p50 / jsPaced.p50).toFixed(2)}, paced p99 ×${(logPaced.p99 / jsPaced.p99).toFixed(2)}`,
  );
}
if (jsBurst && memBurst) {
  console.log(
    `ratio in-process / JetStream: burst throughput ×${(memBurst.perSecond / jsBurst.perSecond).toFixed(2)}, paced p50 latency ×${(memPaced.p50 / jsPaced.p50).toFixed(2)}, paced p99 ×${(memPaced.p99 / jsPaced.p99).toFixed(2)}`,
  );
}
