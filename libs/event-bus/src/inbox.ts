import type { DataSource, EntityManager } from 'typeorm';
import type { EventBus, EventEnvelope, Subscription } from './event-envelope.js';
import { quoteSchema } from './outbox.js';

export interface IdempotentSubscribeOptions {
  consumer: string;
  subjects: string[];
  maxDeliver?: number;
  /** runs inside the inbox transaction: write through `manager` so both commit together */
  handle: (event: EventEnvelope, manager: EntityManager) => Promise<void>;
  /** how to open that transaction (default: a plain DataSource transaction) */
  transaction?: (fn: (manager: EntityManager) => Promise<void>) => Promise<void>;
}

/**
 * Subscribes a handler that runs at most once per (event, consumer), however often the bus
 * delivers: the inbox row and the handler's writes commit in one transaction, and the bus
 * acks only after that commit. A handler that throws rolls both back, so the redelivery
 * runs it again.
 */
export function subscribeIdempotent(bus: EventBus, dataSource: DataSource, schema: string, options: IdempotentSubscribeOptions): Promise<Subscription> {
  const inbox = `${quoteSchema(schema)}.inbox`;
  return bus.subscribe({
    consumer: options.consumer,
    subjects: options.subjects,
    maxDeliver: options.maxDeliver,
    handle: (event) =>
      (options.transaction ?? ((fn) => dataSource.transaction(fn)))(async (manager) => {
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
