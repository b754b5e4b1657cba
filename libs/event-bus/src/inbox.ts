import type { DataSource, EntityManager } from 'typeorm';
import type { EventBatchHandler, EventBus, EventEnvelope, Subscription } from './event-envelope.js';
import { quoteSchema } from './outbox.js';

export interface IdempotentSubscribeOptions {
  consumer: string;
  subjects: string[];
  maxDeliver?: number;
  /** runs inside the inbox transaction: write through `manager` so both commit together */
  handle: (event: EventEnvelope, manager: EntityManager) => Promise<void>;
  /**
   * Optional, for a handler that can do a whole batch's work in a few statements (set-based): in a
   * batch, it gets the events not handled before, in order and each once, in the batch's
   * transaction, instead of `handle` for each. When it throws, the transaction is rolled back and
   * each of those events is handled by `handle` alone, in a savepoint, so a failing event is
   * retried or dead-lettered alone and the others commit exactly once.
   */
  handleMany?: (events: EventEnvelope[], manager: EntityManager) => Promise<void>;
  /**
   * Optional: takes, in one statement at the start of each of a batch's transactions, every lock
   * the handlers will take for its fresh events (e.g. in one sorted order). Without it, `handle`
   * run for each event in one transaction (a batch of a handler without `handleMany`, or the redo
   * of a failed one) takes each event's locks in its own statement, in the events' order, and
   * holds them all to the commit: two such transactions (or one and a sorted batch) can each hold
   * a lock the other waits for, a deadlock. Locks the handlers take again are then already held.
   */
  lock?: (events: EventEnvelope[], manager: EntityManager) => Promise<void>;
  /** how to open that transaction (default: a plain DataSource transaction) */
  transaction?: (fn: (manager: EntityManager) => Promise<void>) => Promise<void>;
}

/**
 * Subscribes a handler that runs at most once per (event, consumer), however often the bus
 * delivers: the inbox row and the handler's writes commit in one transaction, and the bus
 * acks only after that commit. A handler that throws rolls both back, so the redelivery
 * runs it again.
 *
 * A batch of events (buses that pull batches) is one transaction: one inbox INSERT for the
 * batch returns the events not handled yet, and their handlers run one after another in it, with
 * no savepoint (a round trip, and a subtransaction, per event). When a handler throws, that
 * transaction is rolled back and the batch is done again without that event, each of the others
 * in a savepoint of its own: the failing event alone is retried or dead-lettered (its handler ran
 * once for this delivery), the others commit exactly once; their handlers may have run twice,
 * once in the rolled-back transaction, as on any redelivery. With `handleMany`, the first attempt
 * is one call of it for the batch's fresh events; the redo is the same, with `handle` for each.
 */
export function subscribeIdempotent(bus: EventBus, dataSource: DataSource, schema: string, options: IdempotentSubscribeOptions): Promise<Subscription> {
  const inbox = `${quoteSchema(schema)}.inbox`;
  const transaction = options.transaction ?? ((fn) => dataSource.transaction(fn));
  const handleBatch: EventBatchHandler = async (events) => {
    const outcomes: Array<{ error: unknown } | undefined> = events.map(() => undefined);
    const failed = new Set<string>();
    try {
      await transaction((manager) => handleFresh(manager, events, outcomes, failed, false));
      return outcomes;
    } catch (error) {
      if (!(error instanceof HandlerFailed)) throw error;
    }
    await transaction((manager) => handleFresh(manager, events, outcomes, failed, true));
    return outcomes;
  };

  /**
   * One attempt at a batch in `manager`'s transaction, without the events in `failed`. A handler
   * that throws: with `savepoints`, its own writes and inbox row are rolled back and the attempt
   * goes on; without, the attempt ends with HandlerFailed (its transaction must be rolled back).
   */
  async function handleFresh(manager: EntityManager, events: EventEnvelope[], outcomes: Array<{ error: unknown } | undefined>, failed: Set<string>, savepoints: boolean): Promise<void> {
    // in one order, so two transactions claiming overlapping batches cannot deadlock
    const ids = [...new Set(events.map((e) => e.id))].filter((id) => !failed.has(id)).sort();
    const inserted: Array<{ event_id: string }> = await manager.query(
      `INSERT INTO ${inbox} (event_id, consumer) SELECT id, $2 FROM unnest($1::uuid[]) AS t(id) ORDER BY id ON CONFLICT DO NOTHING RETURNING event_id`,
      [ids, options.consumer],
    );
    const fresh = new Set(inserted.map((r) => r.event_id));
    if (options.lock && fresh.size) {
      const toLock = new Set(fresh);
      const claimed = events.filter((event) => toLock.delete(event.id)); // in order, a duplicate once
      try {
        await options.lock(claimed, manager);
      } catch (error) {
        if (savepoints) throw error; // the whole batch fails: the bus handles each event on its own
        throw new HandlerFailed();
      }
    }
    if (options.handleMany && !savepoints) {
      if (!fresh.size) return;
      const claimed: EventEnvelope[] = [];
      for (const event of events) if (fresh.delete(event.id)) claimed.push(event); // in order, a duplicate once
      try {
        await options.handleMany(claimed, manager);
      } catch {
        throw new HandlerFailed(); // which event failed is not known: the redo hands each to `handle`
      }
      return;
    }
    const rolledBack: string[] = [];
    let savepoint = false;
    for (const [i, event] of events.entries()) {
      if (!fresh.delete(event.id)) continue; // handled before (or earlier in this batch, or failed): the bus just acks the others
      if (savepoints) {
        await manager.query(savepoint ? 'RELEASE SAVEPOINT inbox_event; SAVEPOINT inbox_event' : 'SAVEPOINT inbox_event');
        savepoint = true;
      }
      try {
        await options.handle(event, manager);
      } catch (error) {
        outcomes[i] = { error };
        failed.add(event.id);
        if (!savepoints) throw new HandlerFailed();
        await manager.query('ROLLBACK TO SAVEPOINT inbox_event');
        rolledBack.push(event.id);
      }
    }
    if (rolledBack.length) await manager.query(`DELETE FROM ${inbox} WHERE consumer = $1 AND event_id = ANY($2::uuid[])`, [options.consumer, rolledBack]);
  }

  return bus.subscribe({
    consumer: options.consumer,
    subjects: options.subjects,
    maxDeliver: options.maxDeliver,
    handleBatch,
    handle: (event) =>
      transaction(async (manager) => {
        // a concurrent delivery of the same event waits here until the first one commits
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${inbox} (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [event.id, options.consumer],
        );
        if (inserted.length === 0) return; // already handled: the bus just acks
        await options.handle(event, manager);
      }),
  });
}

/** A handler failed in a batch handled without savepoints: its transaction is rolled back and the batch done again. */
class HandlerFailed extends Error {
  constructor() {
    super('an event handler failed in a batch without savepoints');
  }
}
