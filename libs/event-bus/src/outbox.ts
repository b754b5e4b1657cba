import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import type { EventBus, EventEnvelope } from './event-envelope.js';
import { errorText } from './delivery-policy.js';
import { consoleLogger, type EventBusLogger } from './logger.js';

/** Schema names are interpolated into SQL, so only plain identifiers are accepted. */
export function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return `"${schema}"`;
}

/**
 * The statements of a service's first migration that give it an outbox and an inbox (in their
 * latest shape: they end with the later columns' statements, which a later migration of each
 * service also runs on databases created before them).
 */
export function outboxInboxSql(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.outbox (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      subject text NOT NULL,
      version int NOT NULL, -- the payload's schema version
      payload jsonb NOT NULL,
      occurred_at timestamptz NOT NULL,
      published_at timestamptz NULL
    )`,
    `CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON ${s}.outbox (seq) WHERE published_at IS NULL`,
    `CREATE INDEX IF NOT EXISTS outbox_published_at_idx ON ${s}.outbox (published_at) WHERE published_at IS NOT NULL`,
    `CREATE TABLE IF NOT EXISTS ${s}.inbox (
      event_id uuid NOT NULL,
      consumer text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, consumer)
    )`,
    ...outboxRequestIdSql(schema),
    ...inboxProcessedAtSql(schema),
  ];
}

/** The outbox's `request_id` column (the id of the user action that emitted the event); idempotent. */
function outboxRequestIdSql(schema: string): string[] {
  return [`ALTER TABLE ${quoteSchema(schema)}.outbox ADD COLUMN IF NOT EXISTS request_id text NULL`];
}

/** The index the relay prunes the inbox by (handled events older than the bus keeps them); idempotent. */
function inboxProcessedAtSql(schema: string): string[] {
  return [`CREATE INDEX IF NOT EXISTS inbox_processed_at_idx ON ${quoteSchema(schema)}.inbox (processed_at)`];
}

/** A migration each service runs after its first one, named `name`: `up`'s statements are idempotent (a no-op on a schema outboxInboxSql created with them). */
function laterOutboxMigration(migrationName: string, up: string[], down: string): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = migrationName;

    async up(q: QueryRunner) {
      for (const sql of up) await q.query(sql);
    }

    async down(q: QueryRunner) {
      await q.query(down);
    }
  };
}

/** The `request_id` column on an outbox created before it. */
export const outboxRequestIdMigration = (schema: string) =>
  laterOutboxMigration('AddOutboxRequestId1765000000000', outboxRequestIdSql(schema), `ALTER TABLE ${quoteSchema(schema)}.outbox DROP COLUMN IF EXISTS request_id`);

/** The `processed_at` index on an inbox created before it. */
export const inboxProcessedAtMigration = (schema: string) =>
  laterOutboxMigration('AddInboxProcessedAtIndex1765800000000', inboxProcessedAtSql(schema), `DROP INDEX IF EXISTS ${quoteSchema(schema)}.inbox_processed_at_idx`);

/**
 * Records an event in the caller's transaction: it is published if and only if that
 * transaction commits. Never publish from a request path; call this instead. `requestId`, the
 * id of the user action that caused it, travels with the event to its consumers.
 */
export async function writeOutbox<T extends object>(
  manager: EntityManager,
  schema: string,
  subject: string,
  payload: T,
  schemaVersion = 1,
  requestId?: string,
): Promise<EventEnvelope<T>> {
  const event: EventEnvelope<T> = { id: randomUUID(), subject, schemaVersion, occurredAt: new Date().toISOString(), payload, ...(requestId ? { requestId } : {}) };
  await manager.query(`INSERT INTO ${quoteSchema(schema)}.outbox (id, subject, version, payload, occurred_at, request_id) VALUES ($1, $2, $3, $4::jsonb, $5, $6)`, [
    event.id,
    subject,
    schemaVersion,
    JSON.stringify(payload),
    event.occurredAt,
    requestId ?? null,
  ]);
  return event;
}

/**
 * Records several events of one subject in the caller's transaction in one statement, in the
 * order given (their `seq` follows it, as with writeOutbox called for each in turn): for a
 * set-based handler. Each event carries its own `requestId`.
 */
export async function writeOutboxMany<T extends object>(
  manager: EntityManager,
  schema: string,
  subject: string,
  entries: ReadonlyArray<{ payload: T; requestId?: string }>,
  schemaVersion = 1,
): Promise<EventEnvelope<T>[]> {
  const occurredAt = new Date().toISOString();
  const events: EventEnvelope<T>[] = entries.map(({ payload, requestId }) => ({ id: randomUUID(), subject, schemaVersion, occurredAt, payload, ...(requestId ? { requestId } : {}) }));
  if (!events.length) return events;
  await manager.query(
    `INSERT INTO ${quoteSchema(schema)}.outbox (id, subject, version, payload, occurred_at, request_id)
     SELECT id, $2, $3, payload::jsonb, $4, request_id FROM unnest($1::uuid[], $5::text[], $6::text[]) WITH ORDINALITY AS t(id, payload, request_id, n) ORDER BY n`,
    [events.map((e) => e.id), subject, schemaVersion, occurredAt, events.map((e) => JSON.stringify(e.payload)), events.map((e) => e.requestId ?? null)],
  );
  return events;
}

/** inbox rows deleted per prune (a minute) at most: more than a busy service handles in a minute, yet a short statement, so the relay's publishing waits little; a backlog (after an upgrade, months of rows) goes over the following hours or days */
const PRUNE_BATCH = 5_000;

export interface OutboxRelayOptions {
  dataSource: DataSource;
  schema: string;
  bus: EventBus;
  /** how often to look for rows when nobody calls kick() (default 500 ms) */
  pollIntervalMs?: number;
  /** rows claimed and published per transaction (default 1000) */
  batchSize?: number;
  /** published rows older than this are deleted (default one day; 0 keeps them) */
  retainPublishedMs?: number;
  /**
   * inbox rows (handled events) older than this are deleted (default 0: kept). Set it longer than
   * the bus keeps events: an event the bus no longer has cannot be delivered again, so its inbox
   * row guards nothing.
   */
  retainHandledMs?: number;
  logger?: EventBusLogger;
}

interface OutboxRow {
  id: string;
  subject: string;
  version: number;
  payload: unknown;
  occurred_at: Date;
  request_id: string | null;
}

/**
 * Publishes committed outbox rows to the bus, in seq order.
 *
 * Each batch is claimed with `FOR UPDATE SKIP LOCKED`, published, and marked published in the
 * same transaction: two relays never publish the same row at the same time, and a relay that
 * dies mid-batch leaves its rows unpublished for the next one. A crash after publishing but
 * before committing re-publishes the rows with the same ids; JetStream's duplicate window and
 * the consumers' inboxes absorb that.
 */
export class OutboxRelay {
  private readonly table: string;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly retainPublishedMs: number;
  private readonly retainHandledMs: number;
  private readonly logger: EventBusLogger;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private kicked = false;
  private lastPruneAt = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.table = `${quoteSchema(options.schema)}.outbox`;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.batchSize = options.batchSize ?? 1000;
    this.retainPublishedMs = options.retainPublishedMs ?? 86_400_000;
    this.retainHandledMs = options.retainHandledMs ?? 0;
    this.logger = options.logger ?? consoleLogger;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Publish soon instead of at the next poll; call it after committing outbox rows. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Finishes the batch in flight (published and marked), then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Publishes one batch; returns how many rows it published. Exposed for tests and tools. */
  async publishBatch(): Promise<number> {
    return this.options.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, subject, version, payload, occurred_at, request_id FROM ${this.table}
          WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      await this.options.bus.publish(rows.map(toEnvelope));
      // losing this commit in a database crash only re-publishes the rows, with the same ids, which
      // the stream's duplicate window and the inboxes absorb: no need to wait for the WAL flush
      await manager.query('SET LOCAL synchronous_commit = off');
      await manager.query(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.kicked = false;
      let published = 0;
      try {
        published = await this.publishBatch();
        await this.pruneNowAndThen();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.logger.error(`outbox relay ${this.options.schema}: ${errorText(error)}`);
      }
      // a full batch means there is probably more: go again at once
      if (published === this.batchSize && failures === 0) continue;
      if (this.kicked && failures === 0) continue;
      await this.sleep(failures ? Math.min(this.pollIntervalMs * 2 ** failures, 10_000) : this.pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  /** once a minute: published outbox rows and handled inbox rows past their retention, a bounded number each time (the index keeps it cheap) */
  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruneAt < 60_000) return;
    this.lastPruneAt = Date.now();
    const { dataSource } = this.options;
    if (this.retainPublishedMs) await dataSource.query(`DELETE FROM ${this.table} WHERE published_at < now() - make_interval(secs => $1)`, [this.retainPublishedMs / 1000]);
    if (this.retainHandledMs) {
      const inbox = `${quoteSchema(this.options.schema)}.inbox`;
      await dataSource.query(
        `DELETE FROM ${inbox} WHERE (event_id, consumer) IN (SELECT event_id, consumer FROM ${inbox} WHERE processed_at < now() - make_interval(secs => $1) LIMIT $2)`,
        [this.retainHandledMs / 1000, PRUNE_BATCH],
      );
    }
  }
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  const event: EventEnvelope = { id: row.id, subject: row.subject, schemaVersion: row.version, occurredAt: new Date(row.occurred_at).toISOString(), payload: row.payload };
  if (row.request_id) event.requestId = row.request_id;
  return event;
}
