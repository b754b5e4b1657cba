import pg from 'pg';
import { DEFAULT_MAX_DELIVER, deadLetterEnvelope, errorText, eventToHandle, replaySubject, retryAfterFailure, retryDelayMs } from './delivery-policy.js';
import type { ConsumerLag, DeliveryObserver, EventBatchHandler, EventBus, EventEnvelope, EventHandler, SubscribeOptions, Subscription } from './event-envelope.js';
import { consoleLogger, type EventBusLogger } from './logger.js';
import { quoteSchema } from './outbox.js';

export interface PostgresEventBusOptions {
  /** the database that holds the log (single-node mode: the embedded PostgreSQL or DATABASE_URL) */
  url: string;
  /** schema of the log and the consumers' positions (default `eventlog`) */
  schema?: string;
  /** how often a consumer looks for events when not woken by a publish (default 1 s) */
  pollIntervalMs?: number;
  /** events older than this are deleted from the log (default 7 days; 0 keeps them) */
  retainMs?: number;
  logger?: EventBusLogger;
  /** told of every redelivery and dead letter (metrics) */
  observer?: DeliveryObserver;
  /** Redelivery delay after a failed handler; defaults to the JetStream adapter's backoff. */
  retryDelayMs?: (deliveryCount: number) => number;
}

const BATCH = 200;

interface LogRow {
  seq: string;
  envelope: EventEnvelope;
}

/**
 * The event port for single-node mode, durable like JetStream: a published event is a row of an
 * append-only log in PostgreSQL (written before the relay marks its outbox row published; the
 * same id twice is kept once), and each durable consumer keeps its position in the log. A
 * consumer advances only after its handler returned — the idempotent inbox commits before — so
 * a process that dies at any moment resumes where it stopped and no event is lost or handled
 * twice. Failed handlers are retried with the JetStream adapter's backoff, then dead-lettered.
 * Subscriptions of one consumer name in this process share its events; one process per log.
 *
 * A subscription with `handleBatch` gets what was read at once (up to 200 events) in one call,
 * and the position advances once per batch: the inbox's one transaction per batch instead of two
 * commits per event. An event whose outcome is a failure is then retried alone, with the same
 * backoff, before the position moves past the batch: as with JetStream, it is handled after the
 * later events of its batch.
 */
export class PostgresEventBus implements EventBus {
  private readonly pool: pg.Pool;
  private readonly s: string;
  private readonly consumers = new Map<string, ConsumerLoop>();
  private readonly logger: EventBusLogger;
  private lastPruneAt = 0;

  private constructor(private readonly options: PostgresEventBusOptions) {
    this.s = quoteSchema(options.schema ?? 'eventlog');
    this.pool = new pg.Pool({ connectionString: options.url, max: 4 });
    this.logger = options.logger ?? consoleLogger;
    // an idle connection the server closed (a restart, a dropped test database) is replaced on next use
    this.pool.on('error', (error) => this.logger.warn(`event log connection: ${errorText(error)}`));
  }

  static async connect(options: PostgresEventBusOptions): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(options);
    await bus.pool.query(`CREATE SCHEMA IF NOT EXISTS ${bus.s}`);
    await bus.pool.query(`CREATE TABLE IF NOT EXISTS ${bus.s}.events (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      subject text NOT NULL,
      envelope jsonb NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now()
    )`);
    await bus.pool.query(`CREATE INDEX IF NOT EXISTS events_subject_seq ON ${bus.s}.events (subject, seq)`);
    await bus.pool.query(`CREATE TABLE IF NOT EXISTS ${bus.s}.consumers (name text PRIMARY KEY, position bigint NOT NULL DEFAULT 0)`);
    return bus;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (!events.length) return;
    await this.pool.query(
      `INSERT INTO ${this.s}.events (id, subject, envelope)
       SELECT (e->>'id')::uuid, e->>'subject', e FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(events)],
    );
    for (const consumer of this.consumers.values()) consumer.wake();
    await this.pruneNowAndThen();
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    let consumer = this.consumers.get(options.consumer);
    // a consumer no subscription reads any more starts again with the new one's subjects (they may have changed)
    if (!consumer?.active) {
      await this.pool.query(`INSERT INTO ${this.s}.consumers (name) VALUES ($1) ON CONFLICT DO NOTHING`, [options.consumer]);
      consumer = new ConsumerLoop(this, options);
      this.consumers.set(options.consumer, consumer);
    }
    return consumer.add({ handle: options.handle, handleBatch: options.handleBatch });
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers.values()].map((c) => c.stopAll()));
    this.consumers.clear();
    await this.pool.end();
  }

  /**
   * Per consumer of this process: the events of its subjects in the log after its position (its
   * cursor), the one it is handling included. One statement for all of them.
   */
  async consumerLag(): Promise<ConsumerLag[]> {
    const loops = [...this.consumers.values()].filter((c) => c.active);
    if (!loops.length) return [];
    const { rows } = await this.pool.query(
      `SELECT c.name AS consumer, (SELECT count(*) FROM ${this.s}.events e WHERE e.seq > c.position AND e.subject = ANY(w.subjects))::int AS lag
       FROM jsonb_to_recordset($1::jsonb) AS w(name text, subjects text[]) JOIN ${this.s}.consumers c ON c.name = w.name`,
      [JSON.stringify(loops.map((c) => ({ name: c.name, subjects: c.subjects })))],
    );
    return rows;
  }

  /** events after `position` on the consumer's subjects */
  async read(subjects: string[], position: string): Promise<LogRow[]> {
    const { rows } = await this.pool.query(`SELECT seq, envelope FROM ${this.s}.events WHERE seq > $1 AND subject = ANY($2::text[]) ORDER BY seq LIMIT ${BATCH}`, [position, subjects]);
    return rows;
  }

  /** Every event in the log under `<root>.` (e.g. `dlq`), oldest first: for tools (scripts/dead-letters.mjs). */
  async eventsUnder(root: string): Promise<EventEnvelope[]> {
    const pattern = `${root.replace(/[\\%_]/g, '\\$&')}.%`;
    const { rows } = await this.pool.query(`SELECT envelope FROM ${this.s}.events WHERE subject LIKE $1 ORDER BY seq`, [pattern]);
    return rows.map((r: { envelope: EventEnvelope }) => r.envelope);
  }

  async position(consumer: string): Promise<string> {
    const { rows } = await this.pool.query(`SELECT position FROM ${this.s}.consumers WHERE name = $1`, [consumer]);
    return rows[0]?.position ?? '0';
  }

  async advance(consumer: string, seq: string): Promise<void> {
    await this.pool.query(`UPDATE ${this.s}.consumers SET position = $2 WHERE name = $1 AND position < $2`, [consumer, seq]);
  }

  get pollIntervalMs() {
    return this.options.pollIntervalMs ?? 1000;
  }

  /** the wait before the next delivery of an event delivered `deliveryCount` times, its handler failing */
  retryDelay(deliveryCount: number) {
    return (this.options.retryDelayMs ?? retryDelayMs)(deliveryCount);
  }

  get log() {
    return this.logger;
  }

  get observer() {
    return this.options.observer;
  }

  private async pruneNowAndThen() {
    const retainMs = this.options.retainMs ?? 7 * 86_400_000;
    if (!retainMs || Date.now() - this.lastPruneAt < 60_000) return;
    this.lastPruneAt = Date.now();
    await this.pool.query(`DELETE FROM ${this.s}.events WHERE published_at < now() - make_interval(secs => $1)`, [retainMs / 1000]);
  }
}

/** A subscription of a consumer: its handler, and its batch handler when it has one. */
interface Handlers {
  handle: EventHandler;
  handleBatch?: EventBatchHandler;
}

/** One durable consumer in this process: reads the log in order and hands each event (or each batch) to one of its subscriptions. */
class ConsumerLoop {
  private readonly handlers: Handlers[] = [];
  private next = 0;
  private running?: Promise<void>;
  private wakeUp?: () => void;
  private woken = false;
  /** ends a retry's wait at once: the subscriptions stopped (the event stays for the next one) */
  private stopRetryWait?: () => void;

  constructor(
    private readonly bus: PostgresEventBus,
    private readonly options: SubscribeOptions,
  ) {}

  get name() {
    return this.options.consumer;
  }

  /** its subjects, and the replays of its dead letters, which no other consumer reads */
  get subjects() {
    return [...this.options.subjects, replaySubject(this.options.consumer)];
  }

  /** some subscription of this process reads it */
  get active() {
    return this.handlers.length > 0;
  }

  add(handlers: Handlers): Subscription {
    this.handlers.push(handlers);
    this.running ??= this.run();
    return {
      stop: async () => {
        const i = this.handlers.indexOf(handlers);
        if (i >= 0) this.handlers.splice(i, 1);
        if (!this.handlers.length) await this.stopAll();
      },
    };
  }

  wake() {
    this.woken = true;
    this.wakeUp?.();
  }

  async stopAll() {
    this.handlers.length = 0;
    this.wake();
    this.stopRetryWait?.();
    await this.running;
    this.running = undefined;
  }

  private async run() {
    const { consumer } = this.options;
    const subjects = this.subjects;
    const maxDeliver = this.options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    let position: string | undefined;
    while (this.handlers.length) {
      this.woken = false;
      let rows: LogRow[];
      try {
        position ??= await this.bus.position(consumer);
        rows = await this.bus.read(subjects, position);
        const batched = rows.length > 1 ? this.nextHandlers() : undefined;
        let settled: number; // the events, from the first, handled or dead-lettered
        if (batched?.handleBatch) {
          settled = await this.deliverBatch(batched.handleBatch, rows, maxDeliver);
          // once per batch: a crash before it hands the batch again, and the inbox skips what committed
          if (settled) await this.bus.advance(consumer, rows[settled - 1]!.seq);
        } else {
          settled = await this.deliverEach(rows, maxDeliver);
        }
        if (settled) position = rows[settled - 1]!.seq;
        if (settled < rows.length) continue; // stopped first: the others wait for the next subscription
      } catch (error) {
        // the database is away (a restart): the position is kept, the event comes again
        this.bus.log.error(`event log ${consumer}: ${errorText(error)}`);
        await this.sleep(this.bus.pollIntervalMs);
        continue;
      }
      if (rows.length === 0 && !this.woken) await this.sleep(this.bus.pollIntervalMs);
    }
  }

  /** the subscriptions take turns */
  private nextHandlers(): Handlers | undefined {
    return this.handlers[this.next++ % this.handlers.length];
  }

  /** Each event alone, the position advanced after each; resolves with how many were settled before a stop. */
  private async deliverEach(rows: LogRow[], maxDeliver: number): Promise<number> {
    for (const [i, row] of rows.entries()) {
      if (!(await this.deliver(row.envelope, maxDeliver))) return i;
      await this.bus.advance(this.options.consumer, row.seq);
    }
    return rows.length;
  }

  /**
   * One call of a subscription's batch handler for `rows`; each event whose outcome is a failure
   * (every event, if the call rejects) is then delivered alone, its failed attempt counted.
   * Resolves with how many events, from the first, are settled (all of them unless stopped).
   */
  private async deliverBatch(handleBatch: EventBatchHandler, rows: LogRow[], maxDeliver: number): Promise<number> {
    const messages = rows.map((r) => r.envelope);
    let outcomes: Awaited<ReturnType<EventBatchHandler>> | undefined;
    try {
      outcomes = await handleBatch(messages.map((m) => eventToHandle(this.options.consumer, m).event));
    } catch (error) {
      // the batch as a whole failed (e.g. its transaction): each event on its own, as without batches
      this.bus.log.warn(`event log ${this.options.consumer}: batch of ${rows.length} failed (${errorText(error)}); handling its events one by one`);
    }
    for (const [i, message] of messages.entries()) {
      const outcome = outcomes?.[i];
      if ((outcome || !outcomes) && !(await this.deliver(message, maxDeliver, outcome))) return i;
    }
    return rows.length;
  }

  /**
   * Hands the event to a subscription until it succeeds, or dead-letters it after maxDeliver tries;
   * resolves false if every subscription stopped first. `failed`: its first delivery already
   * failed (in a batch).
   */
  private async deliver(message: EventEnvelope, maxDeliver: number, failed?: { error: unknown }): Promise<boolean> {
    const { event, replayId } = eventToHandle(this.options.consumer, message);
    for (let attempt = 1; ; attempt++) {
      let error: unknown;
      if (attempt === 1 && failed) error = failed.error;
      else {
        const handlers = this.nextHandlers();
        if (!handlers) return false;
        try {
          await handlers.handle(event);
          return true;
        } catch (e) {
          error = e;
        }
      }
      if (!retryAfterFailure(this.bus.observer, this.options.consumer, error, attempt, maxDeliver)) {
        this.bus.log.warn(`event ${event.id} (${event.subject}) dead-lettered by ${this.options.consumer}: ${errorText(error)}`);
        await this.bus.publish([deadLetterEnvelope(this.options.consumer, event, error, attempt, replayId)]);
        return true;
      }
      await this.sleep(this.bus.retryDelay(attempt), 'stop');
    }
  }

  /**
   * Waits `ms`, cut short: when polling, by a wake (a publish, a stop); when backing off a retry (up
   * to a minute), by a stop only, so the backoff is kept while events are published
   */
  private sleep(ms: number, cutShortBy: 'wake' | 'stop' = 'wake') {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      if (cutShortBy === 'wake') this.wakeUp = done;
      else this.stopRetryWait = done;
    });
  }
}
