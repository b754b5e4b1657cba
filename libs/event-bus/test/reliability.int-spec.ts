/**
 * The event pipeline under process crashes: 5,000 events written through the outbox, relay and
 * consumer running as separate processes that are SIGKILLed and restarted while events flow.
 * Every event must be handled exactly once.
 */
import { createTestDatabase, natsUrl, uniqueName, type TestDatabase } from '@aero/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { eventually } from '../src/event-bus.contract.js';
import { JetStreamEventBus } from '../src/jetstream-event-bus.js';
import { outboxInboxSql, writeOutbox } from '../src/outbox.js';

const EVENTS = 5_000;
const PER_TRANSACTION = 100;
const LOST_ACK_EVERY = 50; // every 50th event: its first ack is "lost" after the commit
const SCHEMA = 'rel';
const SUBJECT = 'reliability.thing.happened';
const CONSUMER = 'reliability.record-thing';

const fixtures = join(process.cwd(), 'libs/event-bus/test/fixtures');
const libDir = join(fixtures, 'dist'); // a private build, so a concurrent `npm run build` cannot remove it

class ChildService {
  readonly output: string[] = [];
  private child?: ChildProcess;

  constructor(
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Starts the process and resolves when it prints `ready`. */
  start(): Promise<void> {
    const child = spawn(process.execPath, [join(fixtures, this.script)], { env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.script} not ready:\n${this.output.join('')}`)), 20_000);
      child.stdout!.on('data', (d: Buffer) => {
        this.output.push(d.toString());
        if (d.toString().includes('ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr!.on('data', (d: Buffer) => this.output.push(d.toString()));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.script} exited (${code ?? signal}) before ready:\n${this.output.join('')}`));
      });
    });
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  }

  async restartAfterCrash(): Promise<void> {
    await this.kill('SIGKILL');
    await this.start();
  }
}

describe('event pipeline reliability (real PostgreSQL and NATS, processes killed mid-flow)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let bus: JetStreamEventBus;
  let relay: ChildService;
  let consumer: ChildService;
  const stream = uniqueName('REL');
  const prefix = uniqueName('rel');

  beforeAll(async () => {
    execFileSync(process.execPath, [join(fixtures, 'build-lib.mjs'), libDir]);
    db = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: db.url, poolSize: 4 });
    await dataSource.initialize();
    for (const sql of outboxInboxSql(SCHEMA)) await dataSource.query(sql);
    await dataSource.query(`CREATE TABLE rel.handled (event_id uuid PRIMARY KEY, times int NOT NULL)`);
    await dataSource.query(`CREATE TABLE rel.deliveries (event_id uuid PRIMARY KEY, n int NOT NULL)`);
    bus = await JetStreamEventBus.connect({ servers: await natsUrl(), stream, prefix });

    const env = {
      MESSAGING_LIB: join(libDir, 'index.js'),
      DATABASE_URL: db.url,
      NATS_URL: await natsUrl(),
      EVENTS_STREAM: stream,
      EVENTS_PREFIX: prefix,
      SCHEMA,
      SUBJECT,
      CONSUMER,
      ACK_WAIT_MS: '3000',
      LOST_ACK_EVERY: String(LOST_ACK_EVERY),
    };
    relay = new ChildService('relay-process.mjs', env);
    consumer = new ChildService('consumer-process.mjs', env);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([relay?.kill('SIGKILL'), consumer?.kill('SIGKILL')]);
    await bus?.deleteStream();
    await bus?.close();
    await dataSource?.destroy();
    await db?.drop();
    rmSync(libDir, { recursive: true, force: true });
  }, 60_000);

  const count = async (sql: string) => Number((await dataSource.query(sql))[0].n);
  const handled = () => count(`SELECT count(*) AS n FROM rel.handled`);
  const published = () => count(`SELECT count(*) AS n FROM rel.outbox WHERE published_at IS NOT NULL`);
  const atLeast = (what: () => Promise<number>, n: number) => eventually(async () => expect(await what()).toBeGreaterThanOrEqual(n), 60_000);

  it(`handles each of ${EVENTS} events exactly once through relay and consumer crashes`, async () => {
    const startedAt = Date.now();
    await Promise.all([relay.start(), consumer.start()]);

    const written: string[] = [];
    const writer = (async () => {
      for (let t = 0; t < EVENTS / PER_TRANSACTION; t++) {
        await dataSource.transaction(async (m) => {
          for (let i = 0; i < PER_TRANSACTION; i++) written.push((await writeOutbox(m, SCHEMA, SUBJECT, { i: t * PER_TRANSACTION + i })).id);
        });
        await new Promise((r) => setTimeout(r, 60));
      }
    })();

    await atLeast(handled, 800);
    await consumer.restartAfterCrash();
    await atLeast(published, 2_000);
    await relay.restartAfterCrash();
    await atLeast(handled, 2_800);
    await consumer.restartAfterCrash();
    await writer;

    await eventually(async () => expect(await handled()).toBe(EVENTS), 60_000);
    // every "lost ack" event has been delivered again (and skipped by the inbox)
    await eventually(
      async () => expect(await count(`SELECT count(*) AS n FROM rel.deliveries d JOIN rel.outbox o ON o.id = d.event_id WHERE (o.payload->>'i')::int % ${LOST_ACK_EVERY} = 0 AND d.n < 2`)).toBe(0),
      30_000,
    );
    await Promise.all([relay.kill('SIGTERM'), consumer.kill('SIGTERM')]);
    const seconds = (Date.now() - startedAt) / 1000;

    const handledIds: { event_id: string; times: number }[] = await dataSource.query(`SELECT event_id, times FROM rel.handled`);
    expect(new Set(handledIds.map((r) => r.event_id))).toEqual(new Set(written));
    expect(handledIds.filter((r) => r.times !== 1)).toEqual([]); // no event handled twice
    expect(await count(`SELECT count(*) AS n FROM rel.inbox WHERE consumer = '${CONSUMER}'`)).toBe(EVENTS);
    expect(await count(`SELECT count(*) AS n FROM rel.outbox WHERE published_at IS NULL`)).toBe(0);
    const redelivered = await count(`SELECT count(*) AS n FROM rel.deliveries WHERE n > 1`);
    expect(redelivered).toBeGreaterThanOrEqual(EVENTS / LOST_ACK_EVERY);

    // the stream holds each event once: the relay's re-publishes were dropped as duplicates, nothing was dead-lettered
    const nc = await connect({ servers: await natsUrl() });
    const info = await (await jetstreamManager(nc)).streams.info(stream);
    await nc.close();
    expect(info.state.messages).toBe(EVENTS);

    console.log(`reliability: ${EVENTS} events, ${redelivered} redelivered, 2 consumer and 1 relay crashes, ${seconds.toFixed(1)} s`);
  }, 150_000);
});

describe('single-node event pipeline reliability (real PostgreSQL event log, the one process killed mid-flow)', () => {
  const SINGLE_EVENTS = 1_000;
  const SCHEMA_SN = 'reln';
  let db: TestDatabase;
  let dataSource: DataSource;
  let app: ChildService;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(fixtures, 'build-lib.mjs'), libDir]);
    db = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: db.url, poolSize: 4 });
    await dataSource.initialize();
    for (const sql of outboxInboxSql(SCHEMA_SN)) await dataSource.query(sql);
    await dataSource.query(`CREATE TABLE ${SCHEMA_SN}.handled (event_id uuid PRIMARY KEY, times int NOT NULL)`);
    app = new ChildService('single-node-process.mjs', { MESSAGING_LIB: join(libDir, 'index.js'), DATABASE_URL: db.url, SCHEMA: SCHEMA_SN, SUBJECT, CONSUMER });
  }, 60_000);

  afterAll(async () => {
    await app?.kill('SIGKILL');
    await dataSource?.destroy();
    await db?.drop();
    rmSync(libDir, { recursive: true, force: true });
  }, 60_000);

  const count = async (sql: string) => Number((await dataSource.query(sql))[0].n);
  const handled = () => count(`SELECT count(*) AS n FROM ${SCHEMA_SN}.handled`);

  it(`handles each of ${SINGLE_EVENTS} events exactly once when the single-node process dies twice`, async () => {
    await app.start();
    const written: string[] = [];
    const writer = (async () => {
      for (let t = 0; t < SINGLE_EVENTS / PER_TRANSACTION; t++) {
        await dataSource.transaction(async (m) => {
          for (let i = 0; i < PER_TRANSACTION; i++) written.push((await writeOutbox(m, SCHEMA_SN, SUBJECT, { i: t * PER_TRANSACTION + i })).id);
        });
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    // both crashes happen while events are still being written, published and handled
    await eventually(async () => expect(await handled()).toBeGreaterThanOrEqual(200), 60_000);
    await app.restartAfterCrash();
    await eventually(async () => expect(await handled()).toBeGreaterThanOrEqual(600), 60_000);
    await app.restartAfterCrash();
    await writer;

    await eventually(async () => expect(await handled()).toBe(SINGLE_EVENTS), 60_000);
    await app.kill('SIGTERM');
    const rows: { event_id: string; times: number }[] = await dataSource.query(`SELECT event_id, times FROM ${SCHEMA_SN}.handled`);
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(written));
    expect(rows.filter((r) => r.times !== 1)).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM ${SCHEMA_SN}.outbox WHERE published_at IS NULL`)).toBe(0);
    // the log holds each event once, whatever the relay published again after a crash
    expect(await count(`SELECT count(*) AS n FROM ${SCHEMA_SN}_log.events`)).toBe(SINGLE_EVENTS);
  }, 150_000);
});
