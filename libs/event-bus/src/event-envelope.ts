/** What travels on the EVENTS stream: one domain event, with a unique id and its payload's schema version. */
export interface EventEnvelope<T = unknown> {
  /** uuid; used as JetStream `Nats-Msg-Id` and as the inbox key of every consumer */
  id: string;
  /** `<service>.<aggregate>.<verb-past>`, e.g. `discovery.match.created` */
  subject: string;
  /** the version of the payload's schema (EventContract in @aero/contracts): a consumer refuses another */
  schemaVersion: number;
  occurredAt: string;
  payload: T;
  /** the id of the user action that caused the event (the gateway's `X-Request-Id`), when there was one */
  requestId?: string;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** durable consumer name, unique per (service, purpose), e.g. `notifications.on-account-verified` */
  consumer: string;
  /** logical event subjects, e.g. ['identity.account.verified'] */
  subjects: string[];
  /** deliveries before the event goes to the dead-letter subject (default 5) */
  maxDeliver?: number;
  handle: EventHandler;
  /**
   * Optional: several events at once, in order (what was waiting for this subscription: every
   * adapter hands it batches). Resolves with one outcome per event: `undefined` when it was
   * handled, else `{ error }` and that event alone is retried or dead-lettered as if `handle` had
   * thrown. When it rejects, the bus gives each event of the batch to `handle` instead. A single
   * waiting event goes to `handle`.
   */
  handleBatch?: EventBatchHandler;
}

export type EventBatchHandler = (events: EventEnvelope[]) => Promise<Array<{ error: unknown } | undefined>>;

export interface Subscription {
  stop(): Promise<void>;
}

/** How far behind one durable consumer is: events not yet handled (waiting, or delivered and not finished). */
export interface ConsumerLag {
  consumer: string;
  lag: number;
}

/**
 * Told by a bus when a handler failed: the event will be tried again (`redelivered`), or it was
 * given up on and dead-lettered (`deadLettered`). For metrics; it must not throw or block.
 */
export interface DeliveryObserver {
  redelivered?(consumer: string): void;
  deadLettered?(consumer: string): void;
}

/**
 * The event port. Two adapters pass one contract suite: JetStream (NATS_URL) and in-process.
 * Only the outbox relay publishes; request paths write outbox rows instead.
 */
export interface EventBus {
  publish(events: EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** the lag of every durable consumer subscribed through this bus (for metrics; read when asked) */
  consumerLag?(): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}
