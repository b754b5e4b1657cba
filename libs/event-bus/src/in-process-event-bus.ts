import type { ConsumerLag, DeliveryObserver, EventBatchHandler, EventBus, EventEnvelope, SubscribeOptions, Subscription } from './event-envelope.js';
import { DEFAULT_MAX_DELIVER, deadLetterEnvelope, errorText, eventToHandle, replaySubject, retryAfterFailure, retryDelayMs, type DeadLetterPayload } from './delivery-policy.js';
import { consoleLogger, type EventBusLogger } from './logger.js';

export interface InProcessEventBusOptions {
  logger?: EventBusLogger;
  /**
   * How many recent events to keep for consumer names subscribing for the first time, which
   * (like a new JetStream durable with deliver policy "all") start with the retained history.
   */
  retainEvents?: number;
  /** Like JetStream's duplicate window: an id published again within it is dropped. */
  duplicateWindowMs?: number;
  /** Redelivery delay after a failed handler; defaults to the JetStream adapter's backoff. */
  retryDelayMs?: (deliveryCount: number) => number;
  /** told of every redelivery and dead letter (metrics) */
  observer?: DeliveryObserver;
}

/** at most this many waiting events go to a subscription's `handleBatch` at once */
const BATCH = 128;

interface Delivery {
  event: EventEnvelope;
  /** how many times a handler has been given this event so far */
  deliveries: number;
}

/**
 * A durable consumer name: its queue outlives its subscriptions, so events that arrive while
 * nobody is subscribed wait for the next subscriber, and several subscriptions share the queue.
 */
class DurableConsumer {
  readonly ready: Delivery[] = [];
  /** events a handler has in hand, and failed ones waiting out their retry delay */
  inHand = 0;
  retrying = 0;
  private readonly idle = new Map<ConsumerWorker, () => void>();

  constructor(
    readonly name: string,
    public subjects: Set<string>,
    public maxDeliver: number,
  ) {}

  offer(delivery: Delivery): void {
    this.ready.push(delivery);
    const next = this.idle.entries().next();
    if (!next.done) {
      const [worker, wake] = next.value;
      this.idle.delete(worker);
      wake();
    }
  }

  waitForWork(worker: ConsumerWorker): Promise<void> {
    return new Promise((resolve) => this.idle.set(worker, resolve));
  }

  release(worker: ConsumerWorker): void {
    this.idle.get(worker)?.();
    this.idle.delete(worker);
  }
}

/**
 * One subscription: takes one event at a time from its consumer's queue, like a pull loop; with
 * `handleBatch`, everything waiting (up to BATCH) at once, like the JetStream adapter.
 */
class ConsumerWorker implements Subscription {
  private stopped = false;
  private readonly loop: Promise<void>;

  constructor(
    private readonly consumer: DurableConsumer,
    private readonly options: SubscribeOptions,
    private readonly onFailure: (consumer: DurableConsumer, delivery: Delivery, error: unknown) => void,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const deliveries = this.consumer.ready.splice(0, this.options.handleBatch ? BATCH : 1);
      if (!deliveries.length) {
        await this.consumer.waitForWork(this);
        continue;
      }
      for (const delivery of deliveries) delivery.deliveries += 1;
      this.consumer.inHand += deliveries.length;
      try {
        if (deliveries.length === 1) await this.handle(deliveries[0]!);
        else await this.handleBatch(deliveries);
      } finally {
        this.consumer.inHand -= deliveries.length;
      }
    }
  }

  private async handle(delivery: Delivery): Promise<void> {
    try {
      await this.options.handle(eventToHandle(this.consumer.name, delivery.event).event);
    } catch (error) {
      this.onFailure(this.consumer, delivery, error);
    }
  }

  /** each event whose outcome is a failure is retried alone; if the batch rejects, each is handled alone */
  private async handleBatch(deliveries: Delivery[]): Promise<void> {
    let outcomes: Awaited<ReturnType<EventBatchHandler>>;
    try {
      outcomes = await this.options.handleBatch!(deliveries.map((d) => eventToHandle(this.consumer.name, d.event).event));
    } catch {
      for (const delivery of deliveries) await this.handle(delivery);
      return;
    }
    for (const [i, delivery] of deliveries.entries()) {
      const outcome = outcomes[i];
      if (outcome) this.onFailure(this.consumer, delivery, outcome.error);
    }
  }

  /** Lets the event in hand finish (it is then acked or retried), then stops taking new ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.consumer.release(this);
    await this.loop;
  }
}

/**
 * The single-node adapter of the event port: JetStream's delivery semantics (durable
 * consumers, queue-style sharing, redelivery with backoff, dead letters) inside one process.
 * Nothing survives a restart — the outbox is what makes single-node mode durable: an event is
 * marked published only once accepted here, and consumers' inboxes make replays harmless.
 */
export class InProcessEventBus implements EventBus {
  /** Events given up on after `maxDeliver` failed deliveries, oldest first. */
  readonly deadLetters: DeadLetterPayload[] = [];

  private readonly consumers = new Map<string, DurableConsumer>();
  private readonly workers = new Set<ConsumerWorker>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly retained: EventEnvelope[] = [];
  private readonly recentIds = new Map<string, number>();
  private readonly logger: EventBusLogger;
  private readonly retainEvents: number;
  private readonly duplicateWindowMs: number;
  private readonly retryDelay: (deliveryCount: number) => number;
  private readonly observer?: DeliveryObserver;
  private closed = false;

  constructor(options: InProcessEventBusOptions = {}) {
    this.observer = options.observer;
    this.logger = options.logger ?? consoleLogger;
    this.retainEvents = options.retainEvents ?? 10_000;
    this.duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
    this.retryDelay = options.retryDelayMs ?? retryDelayMs;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('InProcessEventBus is closed');
    this.forgetOldIds();
    for (const event of events) {
      if (this.recentIds.has(event.id)) continue;
      this.recentIds.set(event.id, Date.now());
      this.retained.push(event);
      if (this.retained.length > this.retainEvents) this.retained.shift();
      for (const consumer of this.consumers.values()) {
        if (consumer.subjects.has(event.subject)) consumer.offer({ event, deliveries: 0 });
      }
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('InProcessEventBus is closed');
    // and the replays of this consumer's dead letters, which no other consumer reads
    const subjects = new Set([...options.subjects, replaySubject(options.consumer)]);
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    let consumer = this.consumers.get(options.consumer);
    if (consumer) {
      // like updating a durable's config: the latest subscription's filter and limit win
      consumer.subjects = subjects;
      consumer.maxDeliver = maxDeliver;
    } else {
      consumer = new DurableConsumer(options.consumer, subjects, maxDeliver);
      this.consumers.set(options.consumer, consumer);
      for (const event of this.retained) if (subjects.has(event.subject)) consumer.ready.push({ event, deliveries: 0 });
    }
    const worker = new ConsumerWorker(consumer, options, (c, d, e) => this.handleFailure(c, d, e));
    this.workers.add(worker);
    return {
      stop: async () => {
        this.workers.delete(worker);
        await worker.stop();
      },
    };
  }

  /** per consumer name: events queued, in hand, or waiting for a retry */
  async consumerLag(): Promise<ConsumerLag[]> {
    return [...this.consumers.values()].map((c) => ({ consumer: c.name, lag: c.ready.length + c.inHand + c.retrying }));
  }

  /** The retained events under `<root>.` (e.g. `dlq`), oldest first. */
  async eventsUnder(root: string): Promise<EventEnvelope[]> {
    return this.retained.filter((e) => e.subject.startsWith(`${root}.`));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await Promise.all([...this.workers].map((w) => w.stop()));
    this.workers.clear();
  }

  private handleFailure(consumer: DurableConsumer, delivery: Delivery, error: unknown): void {
    if (retryAfterFailure(this.observer, consumer.name, error, delivery.deliveries, consumer.maxDeliver)) {
      consumer.retrying += 1;
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        consumer.retrying -= 1;
        consumer.offer(delivery);
      }, this.retryDelay(delivery.deliveries));
      this.retryTimers.add(timer);
      return;
    }
    const { event, replayId } = eventToHandle(consumer.name, delivery.event);
    const deadLetter = deadLetterEnvelope(consumer.name, event, error, delivery.deliveries, replayId);
    this.deadLetters.push(deadLetter.payload);
    this.logger.error(
      `event ${event.id} (${event.subject}) dead-lettered by ${consumer.name} after ${delivery.deliveries} deliveries: ${errorText(error)}`,
    );
    if (!this.closed) void this.publish([deadLetter]);
  }

  private forgetOldIds(): void {
    const horizon = Date.now() - this.duplicateWindowMs;
    for (const [id, at] of this.recentIds) {
      if (at >= horizon) break; // insertion order is time order
      this.recentIds.delete(id);
    }
  }
}
