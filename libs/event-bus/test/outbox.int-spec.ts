import { createTestDatabase, natsUrl, uniqueName, type TestDatabase } from '@aero/testing';
import { DataSource } from 'typeorm';
import { eventually } from '../src/event-bus.contract.js';
import type { EventBus, EventEnvelope, Subscription } from '../src/event-envelope.js';
import { subscribeIdempotent } from '../src/inbox.js';
import { InProcessEventBus } from '../src/in-process-event-bus.js';
import { JetStreamEventBus } from '../src/jetstream-event-bus.js';
import type { EventBusLogger } from '../src/logger.js';
import { inboxProcessedAtMigration, OutboxRelay, outboxInboxSql, outboxRequestIdMigration, writeOutbox } from '../src/outbox.js';

const quiet: EventBusLogger = { log() {}, warn() {}, error() {} };
const SCHEMA = 'svc';
const SUBJECT = 'svc.thing.happened';
const TIMEOUT_MS = 60_000;
const scenario = (name: string, fn: () => Promise<void>) => it(name, fn, TIMEOUT_MS);

describe('transactional outbox and inbox (real PostgreSQL and NATS)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let bus: JetStreamEventBus;
  const stoppers: Array<() => Promise<void>> = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: db.url, poolSize: 8 });
    await dataSource.initialize();
    for (const sql of outboxInboxSql(SCHEMA)) await dataSource.query(sql);
    bus = await JetStreamEventBus.connect({ servers: await natsUrl(), stream: uniqueName('OUTBOX'), prefix: uniqueName('ob'), logger: quiet });
  }, TIMEOUT_MS);

  afterEach(async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop();
    await bus.deleteStream();
    await bus.close();
    await dataSource.destroy();
    await db.drop();
  }, TIMEOUT_MS);

  const relay = (options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) => {
    const r = new OutboxRelay({ dataSource, schema: SCHEMA, bus, pollIntervalMs: 50, logger: quiet, ...options });
    stoppers.push(() => r.stop());
    return r;
  };

  const collect = async (consumer: string, target: EventBus = bus) => {
    const received: EventEnvelope[] = [];
    const s: Subscription = await target.subscribe({ consumer, subjects: [SUBJECT], handle: async (e) => void received.push(e) });
    stoppers.push(() => s.stop());
    return received;
  };

  const writeEvents = (n: number, from = 0) =>
    dataSource.transaction(async (m) => {
      const events: EventEnvelope[] = [];
      for (let i = from; i < from + n; i++) events.push(await writeOutbox(m, SCHEMA, SUBJECT, { i }));
      return events;
    });

  const unpublished = async () => Number((await dataSource.query(`SELECT count(*) AS n FROM svc.outbox WHERE published_at IS NULL`))[0].n);

  scenario('never publishes a row written in a transaction that rolled back', async () => {
    const received = await collect('outbox.rollback');
    await expect(
      dataSource.transaction(async (m) => {
        await writeOutbox(m, SCHEMA, SUBJECT, { doomed: true });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const [kept] = await writeEvents(1);

    relay().start();
    await eventually(() => expect(received.map((e) => e.id)).toEqual([kept!.id]));
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual(kept);
  });

  scenario('publishes committed rows in order, with the ids and envelopes writeOutbox returned', async () => {
    const received = await collect('outbox.order');
    const written = [...(await writeEvents(3, 0)), ...(await writeEvents(250, 3)), ...(await writeEvents(2, 253))];

    const r = relay({ batchSize: 100 });
    r.start();
    r.kick();
    await eventually(() => expect(received).toHaveLength(written.length));
    expect(received).toEqual(written);
    // the relay marks a batch published once NATS has acknowledged it: the last batch's mark may
    // commit after its events were received
    await eventually(async () => expect(await unpublished()).toBe(0));
  });

  scenario('loses nothing and duplicates nothing when the relay dies between publishing and committing', async () => {
    const received = await collect('outbox.crash');
    const written = await writeEvents(120);

    // a relay whose process "dies" after the bus accepted the batch but before its commit
    const crashingBus: EventBus = {
      publish: async (events) => {
        await bus.publish(events);
        throw new Error('killed before commit');
      },
      subscribe: (o) => bus.subscribe(o),
      close: async () => {},
    };
    const doomed = relay({ bus: crashingBus, batchSize: 50 });
    await expect(doomed.publishBatch()).rejects.toThrow('killed before commit');
    expect(await unpublished()).toBe(120);

    relay({ batchSize: 50 }).start(); // the restarted relay re-publishes the first 50 with the same ids
    await eventually(() => expect(received).toHaveLength(120));
    await new Promise((r) => setTimeout(r, 300));
    expect(received.map((e) => e.id)).toEqual(written.map((e) => e.id)); // JetStream dropped the re-published ones
    expect(await unpublished()).toBe(0);
  });

  scenario('two relays running at once never publish the same row twice', async () => {
    const written = [...(await writeEvents(400)), ...(await writeEvents(400, 400))];
    const published = new Map<string, number>();
    const countingBus: EventBus = {
      publish: async (events) => {
        await new Promise((r) => setTimeout(r, 5)); // hold the claimed rows for a moment
        for (const e of events) published.set(e.id, (published.get(e.id) ?? 0) + 1);
        await bus.publish(events);
      },
      subscribe: (o) => bus.subscribe(o),
      close: async () => {},
    };
    const a = relay({ bus: countingBus, batchSize: 40 });
    const b = relay({ bus: countingBus, batchSize: 40 });
    a.start();
    b.start();

    await eventually(async () => expect(published.size).toBe(written.length));
    // the relays mark rows published in the same transaction, which may commit just after delivery
    await eventually(async () => expect(await unpublished()).toBe(0));
    expect([...published.values()].every((n) => n === 1)).toBe(true);
  });

  scenario('an inbox consumer handles a duplicate delivery once, and a failed attempt leaves no trace', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid NOT NULL, n int NOT NULL)`);
    // duplicateWindowMs 0: the bus delivers a re-published id again, as JetStream does after a lost ack
    const local = new InProcessEventBus({ logger: quiet, duplicateWindowMs: 0 });
    stoppers.push(() => local.close());
    let attempts = 0;
    const s = await subscribeIdempotent(local, dataSource, SCHEMA, {
      consumer: 'svc.record-effect',
      subjects: [SUBJECT],
      handle: async (event, manager) => {
        attempts += 1;
        await manager.query(`INSERT INTO svc.effects (event_id, n) VALUES ($1, $2)`, [event.id, attempts]);
        if (attempts === 1) throw new Error('fails after writing'); // must roll back the insert and the inbox row
      },
    });
    stoppers.push(() => s.stop());
    const [event] = await writeEvents(1);

    await local.publish([event!]);
    await eventually(async () => expect(attempts).toBe(2));
    await local.publish([event!]); // duplicate delivery
    const inbox = async () => dataSource.query(`SELECT event_id, consumer FROM svc.inbox`);
    await eventually(async () => expect(await inbox()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));

    expect(attempts).toBe(2); // the duplicate was skipped without running the handler
    expect(await dataSource.query(`SELECT event_id, n FROM svc.effects`)).toEqual([{ event_id: event!.id, n: 2 }]);
    expect(await inbox()).toEqual([{ event_id: event!.id, consumer: 'svc.record-effect' }]);
  });

  scenario('carries the request id of the action that wrote the row to the consumers, also on an outbox created before the column', async () => {
    // the outbox as services created it before request ids, then their later migration
    await dataSource.query(`ALTER TABLE svc.outbox DROP COLUMN request_id`);
    const runner = dataSource.createQueryRunner();
    const Migration = outboxRequestIdMigration(SCHEMA);
    await new Migration().up(runner);
    await new Migration().up(runner); // harmless on an outbox that has it (a database created with it)
    await runner.release();

    const received = await collect('outbox.request-id');
    const [traced, untraced] = await dataSource.transaction(async (m) => [
      await writeOutbox(m, SCHEMA, SUBJECT, { i: 1 }, 1, 'test-123'),
      await writeOutbox(m, SCHEMA, SUBJECT, { i: 2 }),
    ]);
    relay().start();
    await eventually(() => expect(received).toHaveLength(2));
    expect(received).toEqual([traced, untraced]);
    expect(received[0]!.requestId).toBe('test-123');
    expect(received[1]).not.toHaveProperty('requestId');
  });

  scenario('deletes published outbox rows and handled inbox rows past their retention, by the inbox index, also on an inbox created before it; keeps the rest', async () => {
    // the inbox as services created it before its index, then their later migration
    await dataSource.query(`DROP INDEX svc.inbox_processed_at_idx`);
    const runner = dataSource.createQueryRunner();
    const Migration = inboxProcessedAtMigration(SCHEMA);
    await new Migration().up(runner);
    await new Migration().up(runner);
    await runner.release();

    const [old, recent, unpublished] = await writeEvents(3);
    await dataSource.query(`UPDATE svc.outbox SET published_at = now() - interval '2 days' WHERE id = $1`, [old!.id]);
    await dataSource.query(`UPDATE svc.outbox SET published_at = now() - interval '1 hour' WHERE id = $1`, [recent!.id]);
    await dataSource.query(
      `INSERT INTO svc.inbox (event_id, consumer, processed_at) VALUES ($1, 'svc.a', now() - interval '9 days'), ($1, 'svc.b', now() - interval '7 days'), ($2, 'svc.a', now() - interval '1 day')`,
      [old!.id, recent!.id],
    );
    expect(await dataSource.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'svc' AND indexname = 'inbox_processed_at_idx'`)).toEqual([{ indexdef: expect.stringContaining('(processed_at)') }]);

    // a relay that keeps handled events 8 days (its first round prunes at once, as it publishes)
    const r = relay({ retainHandledMs: 8 * 86_400_000, batchSize: 1 });
    await r.publishBatch(); // the unpublished row goes out first, so it is not pruned as published
    r.start();
    await eventually(async () => expect(await dataSource.query(`SELECT event_id, consumer FROM svc.inbox ORDER BY processed_at`)).toEqual([{ event_id: old!.id, consumer: 'svc.b' }, { event_id: recent!.id, consumer: 'svc.a' }]));
    expect((await dataSource.query(`SELECT id FROM svc.outbox ORDER BY seq`)).map((row: { id: string }) => row.id)).toEqual([recent!.id, unpublished!.id]);
  });

  scenario('keeps every inbox row when no retention is set (the bus keeps events forever)', async () => {
    const [event] = await writeEvents(1);
    await dataSource.query(`INSERT INTO svc.inbox (event_id, consumer, processed_at) VALUES ($1, 'svc.a', now() - interval '900 days')`, [event!.id]);
    const r = relay();
    r.start();
    await eventually(async () => expect(await unpublished()).toBe(0));
    await r.stop();
    expect(await dataSource.query(`SELECT consumer FROM svc.inbox`)).toEqual([{ consumer: 'svc.a' }]);
  });

  scenario('a batch is one transaction: handled events commit, a failing one rolls back alone, duplicates run once', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid NOT NULL)`);
    // a bus that hands the subscription to the test, to call its batch handler directly
    let options: Parameters<EventBus['subscribe']>[0] | undefined;
    const capturing: EventBus = { publish: async () => {}, close: async () => {}, subscribe: async (o) => ((options = o), { stop: async () => {} }) };
    const runs: string[] = [];
    await subscribeIdempotent(capturing, dataSource, SCHEMA, {
      consumer: 'svc.batch',
      subjects: [SUBJECT],
      handle: async (event, manager) => {
        runs.push(event.id);
        await manager.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [event.id]);
        if ((event.payload as { i: number }).i === 1) throw new Error('fails after writing');
      },
    });
    const [a, b, c] = await writeEvents(3);
    await options!.handle(a!); // handled before, alone

    const outcomes = await options!.handleBatch!([a!, b!, c!, c!]);

    expect(outcomes.map((o) => (o ? String(o.error) : 'ok'))).toEqual(['ok', 'Error: fails after writing', 'ok', 'ok']);
    expect(runs).toEqual([a!.id, b!.id, c!.id]); // a already in the inbox, c's duplicate skipped
    const ids = async (sql: string) => (await dataSource.query(sql)).map((r: { event_id: string }) => r.event_id).sort();
    expect(await ids(`SELECT event_id FROM svc.effects`)).toEqual([a!.id, c!.id].sort());
    expect(await ids(`SELECT event_id FROM svc.inbox`)).toEqual([a!.id, c!.id].sort()); // b is retried, not skipped

    expect(await options!.handleBatch!([b!])).toEqual([{ error: expect.any(Error) }]);
    expect(runs).toHaveLength(4);
  });

  scenario('a handler failing mid-batch (its statement aborting the transaction) is retried alone; the events before and after it commit exactly once', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid PRIMARY KEY)`);
    let options: Parameters<EventBus['subscribe']>[0] | undefined;
    const capturing: EventBus = { publish: async () => {}, close: async () => {}, subscribe: async (o) => ((options = o), { stop: async () => {} }) };
    const runs = new Map<string, number>();
    await subscribeIdempotent(capturing, dataSource, SCHEMA, {
      consumer: 'svc.batch-mid',
      subjects: [SUBJECT],
      handle: async (event, manager) => {
        runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
        const { i } = event.payload as { i: number };
        if (i === 3) throw new Error('refused before writing');
        // i = 1: its effect exists already, so this INSERT fails and aborts the transaction
        await manager.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [event.id]);
      },
    });
    const [e0, e1, e2, e3, e4] = await writeEvents(5);
    await dataSource.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [e1!.id]);

    const outcomes = await options!.handleBatch!([e0!, e1!, e2!, e2!, e3!, e4!]);

    expect(outcomes.map((o) => (o ? String(o.error) : 'ok'))).toEqual(['ok', expect.stringContaining('duplicate key'), 'ok', 'ok', 'Error: refused before writing', 'ok']);
    // each failing handler ran once for this delivery; the others committed once (e0's first run was rolled back)
    expect(runs.get(e1!.id)).toBe(1);
    expect(runs.get(e3!.id)).toBe(1);
    expect(runs.get(e2!.id)).toBe(1);
    expect(runs.get(e4!.id)).toBe(1);
    const ids = async (sql: string) => (await dataSource.query(sql)).map((r: { event_id: string }) => r.event_id).sort();
    expect(await ids(`SELECT event_id FROM svc.effects`)).toEqual([e0!.id, e1!.id, e2!.id, e4!.id].sort());
    expect(await ids(`SELECT event_id FROM svc.inbox`)).toEqual([e0!.id, e2!.id, e4!.id].sort()); // e1 and e3 are retried, not skipped

    // redelivered: the committed ones are skipped, the failing ones run again
    expect((await options!.handleBatch!([e0!, e3!, e4!])).map((o) => (o ? 'failed' : 'ok'))).toEqual(['ok', 'failed', 'ok']);
    expect(runs.get(e3!.id)).toBe(2);
    expect(runs.get(e4!.id)).toBe(1);
  });

  /** subscribes through a bus that hands the subscription to the test, to call its batch handler directly */
  const captureSubscription = async (options: Parameters<typeof subscribeIdempotent>[3]) => {
    let captured: Parameters<EventBus['subscribe']>[0] | undefined;
    const capturing: EventBus = { publish: async () => {}, close: async () => {}, subscribe: async (o) => ((captured = o), { stop: async () => {} }) };
    await subscribeIdempotent(capturing, dataSource, SCHEMA, options);
    return captured!;
  };
  const sortedIds = async (sql: string) => (await dataSource.query(sql)).map((r: { event_id: string }) => r.event_id).sort();

  scenario('a set-based handler (handleMany) gets the events of a batch not handled before, each once and in order', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid NOT NULL)`);
    const many: string[][] = [];
    const single: string[] = [];
    const subscription = await captureSubscription({
      consumer: 'svc.set-based',
      subjects: [SUBJECT],
      handle: async (event, manager) => {
        single.push(event.id);
        await manager.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [event.id]);
      },
      handleMany: async (events, manager) => {
        many.push(events.map((e) => e.id));
        await manager.query(`INSERT INTO svc.effects (event_id) SELECT unnest($1::uuid[])`, [events.map((e) => e.id)]);
      },
    });
    const [a, b, c, d, e] = await writeEvents(5);
    await subscription.handle(a!); // delivered alone: handle

    // a duplicate inside the batch, and an id an earlier delivery claimed
    expect(await subscription.handleBatch!([a!, b!, c!, b!, d!])).toEqual([undefined, undefined, undefined, undefined, undefined]);
    // redelivered ids (claimed by the batch before) and a new one twice
    expect(await subscription.handleBatch!([c!, e!, d!, e!])).toEqual([undefined, undefined, undefined, undefined]);
    expect(await subscription.handleBatch!([a!, b!])).toEqual([undefined, undefined]); // nothing new: no call

    expect(single).toEqual([a!.id]);
    expect(many).toEqual([[b!.id, c!.id, d!.id], [e!.id]]);
    const all = [a, b, c, d, e].map((x) => x!.id).sort();
    expect(await sortedIds(`SELECT event_id FROM svc.effects`)).toEqual(all); // each once
    expect(await sortedIds(`SELECT event_id FROM svc.inbox`)).toEqual(all);
  });

  scenario('a set-based handler failing mid-batch rolls the batch back; then each event goes to handle alone: the failing ones are retried, the others commit once', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid PRIMARY KEY)`);
    const many: string[][] = [];
    const runs = new Map<string, number>();
    const [e0, e1, e2, e3, e4] = await writeEvents(5);
    const refused = (event: EventEnvelope) => event.id === e3!.id;
    const subscription = await captureSubscription({
      consumer: 'svc.set-based-failing',
      subjects: [SUBJECT],
      handle: async (event, manager) => {
        runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
        if (refused(event)) throw new Error('refused before writing');
        // e1: its effect exists already, so this INSERT fails and aborts the transaction
        await manager.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [event.id]);
      },
      handleMany: async (events, manager) => {
        many.push(events.map((e) => e.id));
        if (events.some(refused)) throw new Error('refused before writing');
        await manager.query(`INSERT INTO svc.effects (event_id) SELECT unnest($1::uuid[])`, [events.map((e) => e.id)]);
      },
    });
    await dataSource.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [e1!.id]);

    const outcomes = await subscription.handleBatch!([e0!, e1!, e2!, e2!, e4!]);
    expect(outcomes.map((o) => (o ? String(o.error) : 'ok'))).toEqual(['ok', expect.stringContaining('duplicate key'), 'ok', 'ok', 'ok']);
    expect(many).toEqual([[e0!.id, e1!.id, e2!.id, e4!.id]]); // rolled back: its e0, e2 and e4 rows are not there twice
    expect([e0, e1, e2, e4].map((e) => runs.get(e!.id))).toEqual([1, 1, 1, 1]);
    expect(await sortedIds(`SELECT event_id FROM svc.effects`)).toEqual([e0!.id, e1!.id, e2!.id, e4!.id].sort());
    expect(await sortedIds(`SELECT event_id FROM svc.inbox`)).toEqual([e0!.id, e2!.id, e4!.id].sort()); // e1 is retried, not skipped

    // redelivered with one more that fails: the committed ones are skipped, the failing ones run again, alone
    expect((await subscription.handleBatch!([e0!, e1!, e3!, e4!])).map((o) => (o ? 'failed' : 'ok'))).toEqual(['ok', 'failed', 'failed', 'ok']);
    expect(many).toEqual([[e0!.id, e1!.id, e2!.id, e4!.id], [e1!.id, e3!.id]]);
    expect([e0, e1, e3, e4].map((e) => runs.get(e!.id))).toEqual([1, 2, 1, 1]);
    expect(await sortedIds(`SELECT event_id FROM svc.inbox`)).toEqual([e0!.id, e2!.id, e4!.id].sort());
  });

  scenario('JetStream hands an inbox consumer its backlog in batches, and retries a failing event alone', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid PRIMARY KEY)`);
    const failures = new Map<string, number>();
    let batches = 0;
    const counting: EventBus = {
      publish: (e) => bus.publish(e),
      close: async () => {},
      subscribe: (o) => bus.subscribe({ ...o, handleBatch: (events) => ((batches += 1), o.handleBatch!(events)) }),
    };
    const events = await writeEvents(300);
    const poison = events[7]!.id;
    await bus.publish(events);
    const s = await subscribeIdempotent(counting, dataSource, SCHEMA, {
      consumer: 'svc.batched',
      subjects: [SUBJECT],
      handle: async (event, manager) => {
        if (event.id === poison && (failures.get(poison) ?? 0) < 2) {
          failures.set(poison, (failures.get(poison) ?? 0) + 1);
          throw new Error('transient');
        }
        await manager.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [event.id]);
      },
    });
    stoppers.push(() => s.stop());
    const count = async (sql: string) => Number((await dataSource.query(sql))[0].n);
    await eventually(async () => expect(await count(`SELECT count(*) AS n FROM svc.effects`)).toBe(300), 30_000);
    expect(failures.get(poison)).toBe(2);
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(300);
  });

  scenario('JetStream with a set-based handler and two subscriptions: each of a backlog handled exactly once, a failing event retried alone', async () => {
    await dataSource.query(`CREATE TABLE svc.effects (event_id uuid NOT NULL)`); // no key: a second write would show
    const events = await writeEvents(300);
    const poison = events[150]!.id;
    let failures = 0;
    let calls = 0;
    await bus.publish(events);
    await bus.publish(events.slice(0, 20)); // re-published within the duplicate window: dropped by the stream
    const subscribe = () =>
      subscribeIdempotent(bus, dataSource, SCHEMA, {
        consumer: 'svc.set-based-backlog',
        subjects: [SUBJECT],
        handle: async (event, manager) => {
          if (event.id === poison && failures < 2) {
            failures += 1;
            throw new Error('transient');
          }
          await manager.query(`INSERT INTO svc.effects (event_id) VALUES ($1)`, [event.id]);
        },
        handleMany: async (batch, manager) => {
          calls += 1;
          if (batch.some((e) => e.id === poison) && failures < 2) throw new Error('transient');
          await manager.query(`INSERT INTO svc.effects (event_id) SELECT unnest($1::uuid[])`, [batch.map((e) => e.id)]);
        },
      });
    for (const s of [await subscribe(), await subscribe()]) stoppers.push(() => s.stop());

    const count = async (sql: string) => Number((await dataSource.query(sql))[0].n);
    await eventually(async () => expect(await count(`SELECT count(DISTINCT event_id) AS n FROM svc.effects`)).toBe(300), 30_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await count(`SELECT count(*) AS n FROM svc.effects`)).toBe(300);
    expect(await count(`SELECT count(*) AS n FROM svc.inbox WHERE consumer = 'svc.set-based-backlog'`)).toBe(300);
    expect(failures).toBe(2);
    expect(calls).toBeLessThan(100);
  });
});
