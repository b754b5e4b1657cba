import { AckPolicy, DeliverPolicy, DiscardPolicy, jetstream, jetstreamManager, JetStreamApiError, StorageType, type ConsumerConfig, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { ConsumerLag, DeliveryObserver, EventBus, EventEnvelope, SubscribeOptions, Subscription } from './event-envelope.js';
import { DEFAULT_MAX_DELIVER, deadLetterEnvelope, deadLetterSubject, errorText, eventToHandle, replaySubject, retryAfterFailure, retryDelayMs } from './delivery-policy.js';
import { JetStreamPublisher } from './jetstream-publisher.js';
import { consoleLogger, type EventBusLogger } from './logger.js';

export interface JetStreamEventBusOptions {
  servers: string | string[];
  /** stream name, e.g. `EVENTS` (tests use a unique one) */
  stream: string;
  /** subject prefix: logical subject `a.b.c` travels as `<prefix>.a.b.c` */
  prefix: string;
  /** connection name shown by the NATS server, e.g. the service name */
  name?: string;
  /** how long `publish` waits for the stream to acknowledge every event (default 5 s) */
  publishTimeoutMs?: number;
  /** how long the server waits for an ack before redelivering (default 30 s) */
  ackWaitMs?: number;
  /** window in which a re-published event id is dropped by the server (default and minimum 2 min) */
  duplicateWindowMs?: number;
  /**
   * Stream limits, applied when the stream is created and on every connect (an existing stream is
   * updated to them). Events older than `maxAgeMs` are removed (0 = kept forever; at least the
   * duplicate window); beyond `maxBytes` the oldest events are removed (-1 = no cap).
   * Defaults: 7 days, 1 GiB (EVENTS_MAX_AGE_SECONDS, EVENTS_MAX_BYTES).
   */
  maxAgeMs?: number;
  maxBytes?: number;
  /** use the stream as it is, without creating or updating it; fail if it is missing (tools) */
  existingStream?: boolean;
  /** events buffered per subscription (default 256) */
  prefetch?: number;
  /** at most this many buffered events go to a subscription's `handleBatch` at once (default 128) */
  batchSize?: number;
  retryDelayMs?: (deliveryCount: number) => number;
  logger?: EventBusLogger;
  /** told of every redelivery and dead letter (metrics) */
  observer?: DeliveryObserver;
}

/** JetStream durable names cannot contain `.`, `*`, `>` or whitespace; consumer names use dots. */
export const durableName = (consumer: string) => consumer.replace(/[^A-Za-z0-9_-]/g, '_');

const isNotFound = (error: unknown) => error instanceof JetStreamApiError && (error.code === 10059 || error.code === 10014);

/** Multiple filter subjects per consumer arrived in nats-server 2.10. */
function supportsMultipleFilters(nc: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

/**
 * The distributed adapter of the event port: one JetStream stream holds every domain event
 * (`<prefix>.>`), each consumer name is a durable pull consumer with explicit acks.
 */
export class JetStreamEventBus implements EventBus {
  private readonly subscriptions = new Set<Subscription>();
  /** consumer name → its subscriptions in this process, for `consumerLag` */
  private readonly subscribed = new Map<string, number>();
  private readonly logger: EventBusLogger;
  private readonly retryDelay: (deliveryCount: number) => number;
  private readonly publisher: JetStreamPublisher;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly options: JetStreamEventBusOptions,
  ) {
    this.logger = options.logger ?? consoleLogger;
    this.retryDelay = options.retryDelayMs ?? retryDelayMs;
    this.publisher = new JetStreamPublisher(nc, options.publishTimeoutMs ?? 5_000);
  }

  static async connect(options: JetStreamEventBusOptions): Promise<JetStreamEventBus> {
    // noAsyncTraces: the client otherwise builds two Error objects (stack traces) per publish and
    // per ack request, a tenth of the relay's and the consumers' CPU; our errors are logged by message
    const nc = await connect({ servers: options.servers, name: options.name, maxReconnectAttempts: -1, noAsyncTraces: true });
    try {
      const jsm = await jetstreamManager(nc);
      if (options.existingStream) await jsm.streams.info(options.stream);
      else await ensureStream(jsm, options);
      return new JetStreamEventBus(nc, jsm, jetstream(nc), options);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  get stream(): string {
    return this.options.stream;
  }

  /**
   * Resolves once the server has stored every event (PubAck). The event id is the
   * `Nats-Msg-Id`, so a relay re-publishing after a crash is dropped as a duplicate.
   */
  async publish(events: EventEnvelope[]): Promise<void> {
    // sent back to back on one connection, so they are stored in this order
    await this.publisher.publish(events.map((event) => ({ subject: this.wireSubject(event.subject), data: JSON.stringify(event), msgID: event.id })));
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('JetStreamEventBus is closed');
    const durable = durableName(options.consumer);
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const subjects = options.subjects.map((s) => this.wireSubject(s));
    // the server filters the subjects, unless several on a server < 2.10 (then a catch-all filter)
    const wanted: Wanted = { subjects: new Set(subjects), serverFiltered: subjects.length === 1 || supportsMultipleFilters(this.nc) };
    const replays = this.wireSubject(replaySubject(options.consumer));
    await this.ensureConsumer(durable, subjects, maxDeliver);
    // replays of this consumer's dead letters come through a durable of their own: one filter
    // subject each works on every server version, and no other consumer ever sees them
    await this.ensureConsumer(`${durable}__replay`, [replays], maxDeliver);
    const loops = [await this.consume(durable, wanted, options, maxDeliver), await this.consume(`${durable}__replay`, { subjects: new Set([replays]), serverFiltered: true }, options, maxDeliver)];

    let stopped = false;
    this.subscribed.set(options.consumer, (this.subscribed.get(options.consumer) ?? 0) + 1);
    const subscription: Subscription = {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        this.subscriptions.delete(subscription);
        const left = (this.subscribed.get(options.consumer) ?? 1) - 1;
        if (left > 0) this.subscribed.set(options.consumer, left);
        else this.subscribed.delete(options.consumer);
        await Promise.all(loops.map((loop) => loop.stop()));
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Per consumer subscribed in this process: its durables' events not yet delivered
   * (`num_pending`) plus delivered and not acknowledged (`num_ack_pending`), its replay durable
   * included; the figure is the server's, the same whichever replica reads it. One listing of
   * the stream's consumers (a page per 256), not one request per durable.
   */
  async consumerLag(): Promise<ConsumerLag[]> {
    if (!this.subscribed.size) return [];
    const byDurable = new Map<string, string>();
    for (const consumer of this.subscribed.keys()) {
      byDurable.set(durableName(consumer), consumer);
      byDurable.set(`${durableName(consumer)}__replay`, consumer);
    }
    const lag = new Map<string, number>();
    for await (const info of this.jsm.consumers.list(this.options.stream)) {
      const consumer = byDurable.get(info.name);
      if (consumer) lag.set(consumer, (lag.get(consumer) ?? 0) + info.num_pending + info.num_ack_pending);
    }
    return [...lag].map(([consumer, n]) => ({ consumer, lag: n }));
  }

  /** Every event still in the stream under `<root>.>` (e.g. `dlq`), oldest first: for tools (scripts/dead-letters.mjs). */
  async eventsUnder(root: string): Promise<EventEnvelope[]> {
    const filter = this.wireSubject(`${root}.>`);
    const { state } = await this.jsm.streams.info(this.options.stream, { subjects_filter: filter });
    if (!state.num_subjects) return [];
    const consumer = await this.js.consumers.get(this.options.stream, { filter_subjects: filter });
    const events: EventEnvelope[] = [];
    for (let more = true; more; ) {
      more = false;
      const batch = await consumer.fetch({ max_messages: 500, expires: 1_000 });
      for await (const msg of batch) {
        events.push(msg.json<EventEnvelope>());
        more = msg.info.pending > 0;
        if (!more) break;
      }
    }
    // the ephemeral consumer would also go by itself once inactive
    await consumer.delete().catch(() => undefined);
    return events;
  }

  /** A pull loop on one durable until stopped; already-buffered messages are still handled (and acked) before it ends. */
  private async consume(durable: string, wanted: Wanted, options: SubscribeOptions, maxDeliver: number): Promise<{ stop(): Promise<void> }> {
    const consumer = await this.js.consumers.get(this.options.stream, durable);
    let stopped = false;
    let messages: ConsumerMessages | undefined;
    const loop = (async () => {
      // consume() ends on some server-side events (consumer deleted, heartbeats missed):
      // start it again until we are told to stop
      while (!stopped) {
        try {
          const current = (messages = await consumer.consume({ max_messages: this.options.prefetch ?? 256 }));
          if (stopped) await current.close();
          // a replica of another release made the durable again (its subjects changed): pull from
          // the new one at once, not once heartbeats are missed (up to a minute)
          void (async () => {
            for await (const status of current.status()) if (status.type === 'consumer_deleted') return void (await current.close());
          })().catch(() => undefined);
          await inBatches(messages, options.handleBatch ? (this.options.batchSize ?? 128) : 1, (batch) => this.deliverBatch(batch, options, wanted, maxDeliver), this.logger);
        } catch (error) {
          if (!stopped) this.logger.warn(`consumer ${options.consumer}: ${errorText(error)}; resubscribing`);
        }
        if (!stopped) await new Promise((r) => setTimeout(r, 1_000));
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await messages?.close();
        await loop;
      },
    };
  }

  /** Stops every subscription, then flushes pending acks and closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.nc.drain();
    this.publisher.close();
  }

  /** Removes the stream and everything in it (tests and benchmarks). */
  async deleteStream(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.jsm.streams.delete(this.options.stream).catch((error) => {
      if (!isNotFound(error)) throw error;
    });
  }

  private wireSubject(subject: string): string {
    return `${this.options.prefix}.${subject}`;
  }

  /** Handles what arrived together: one message through `handle`, several through `handleBatch` when the subscription has one. */
  private async deliverBatch(msgs: JsMsg[], options: SubscribeOptions, wanted: Wanted, maxDeliver: number): Promise<void> {
    const deliveries: Delivery[] = [];
    for (const msg of msgs) {
      const delivery = this.read(msg, options, wanted);
      if (delivery) deliveries.push(delivery);
    }
    if (!options.handleBatch || deliveries.length < 2) {
      for (const delivery of deliveries) await this.deliver(delivery, options, maxDeliver);
      return;
    }
    let outcomes: Awaited<ReturnType<NonNullable<SubscribeOptions['handleBatch']>>>;
    try {
      outcomes = await options.handleBatch(deliveries.map((d) => d.event));
    } catch (error) {
      // the batch as a whole failed (e.g. its transaction): each event on its own, as without batches
      this.logger.warn(`consumer ${options.consumer}: batch of ${deliveries.length} failed (${errorText(error)}); handling its events one by one`);
      for (const delivery of deliveries) await this.deliver(delivery, options, maxDeliver);
      return;
    }
    for (const [i, delivery] of deliveries.entries()) {
      const outcome = outcomes[i];
      if (outcome) await this.failed(delivery, outcome.error, options, maxDeliver);
      else delivery.msg.ack();
    }
  }

  /** The event to handle, or nothing when the message was acked or terminated here. */
  private read(msg: JsMsg, options: SubscribeOptions, wanted: Wanted): Delivery | undefined {
    if (!wanted.subjects.has(msg.subject)) {
      // The server filters for us: another release of this consumer (a replica of the next or the
      // last version, during a rolling deploy) made the durable hear a subject this one does not
      // handle. It is left for a replica that does, later, not acknowledged away. Through a
      // catch-all filter (nats-server < 2.10), it is nobody's.
      if (wanted.serverFiltered) msg.nak(this.retryDelay(msg.info.deliveryCount));
      else msg.ack();
      return undefined;
    }
    try {
      return { msg, ...eventToHandle(options.consumer, msg.json<EventEnvelope>()) };
    } catch (error) {
      this.logger.error(`consumer ${options.consumer}: dropping unreadable message ${msg.seq} on ${msg.subject}: ${errorText(error)}`);
      msg.term('unreadable');
      return undefined;
    }
  }

  private async deliver(delivery: Delivery, options: SubscribeOptions, maxDeliver: number): Promise<void> {
    try {
      await options.handle(delivery.event);
      delivery.msg.ack();
    } catch (error) {
      await this.failed(delivery, error, options, maxDeliver);
    }
  }

  /** A handler failed on this event: redelivered later, or dead-lettered once it may not be retried. */
  private async failed({ msg, event, replayId }: Delivery, error: unknown, options: SubscribeOptions, maxDeliver: number): Promise<void> {
    const deliveries = msg.info.deliveryCount;
    if (retryAfterFailure(this.options.observer, options.consumer, error, deliveries, maxDeliver)) return msg.nak(this.retryDelay(deliveries));
    try {
      await this.publish([deadLetterEnvelope(options.consumer, event, error, deliveries, replayId)]);
      msg.term(errorText(error).slice(0, 200));
      this.logger.error(`event ${event.id} (${event.subject}) dead-lettered to ${deadLetterSubject(options.consumer)} after ${deliveries} deliveries: ${errorText(error)}`);
    } catch (dlqError) {
      // the server will not deliver it again (max_deliver reached); it stays in the stream
      this.logger.error(`event ${event.id}: could not dead-letter (${errorText(dlqError)}); handler error: ${errorText(error)}`);
    }
  }

  /**
   * The durable consumer with these subjects, created at the first subscription. Its acknowledgement
   * settings follow the options (an update). When its subjects changed (a handler that now also
   * hears another event, or no longer one), it is made again, reading on from the first event it
   * had not acknowledged: updating the filter in place is refused by servers when it switches
   * between one subject and several, and a 2.9 server skips the events published after it.
   */
  private async ensureConsumer(durable: string, filters: string[], maxDeliver: number): Promise<void> {
    const filter: Partial<ConsumerConfig> =
      filters.length === 1 ? { filter_subject: filters[0] } : supportsMultipleFilters(this.nc) ? { filter_subjects: filters } : { filter_subject: `${this.options.prefix}.>` };
    // (-1: JetStream's "without end", UNLIMITED_DELIVERIES)
    const changeable = { ack_wait: nanos(this.options.ackWaitMs ?? 30_000), max_deliver: Number.isFinite(maxDeliver) ? maxDeliver : -1 };
    const create = (start: Partial<ConsumerConfig> = { deliver_policy: DeliverPolicy.All }) =>
      this.jsm.consumers.add(this.options.stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ...start, ...filter, ...changeable });
    const existing = await this.jsm.consumers.info(this.options.stream, durable).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (!existing) {
      // refused when another replica created it meanwhile (with the same configuration): then it is there
      await create().catch(async (error: unknown) => {
        if (!(await this.jsm.consumers.info(this.options.stream, durable).catch(() => null))) throw error;
      });
      return;
    }
    const subjectsOf = (c: Partial<ConsumerConfig>) => [...(c.filter_subjects?.length ? c.filter_subjects : c.filter_subject ? [c.filter_subject] : [])].sort().join(' ');
    if (subjectsOf(existing.config) === subjectsOf(filter)) {
      await this.jsm.consumers.update(this.options.stream, durable, changeable);
      return;
    }
    await this.jsm.consumers.delete(this.options.stream, durable);
    await create({ deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: existing.ack_floor.stream_seq + 1 });
  }
}

/** the subjects a subscription handles, and whether the server delivers only those */
interface Wanted {
  subjects: Set<string>;
  serverFiltered: boolean;
}

interface Delivery {
  msg: JsMsg;
  event: EventEnvelope;
  /** set when the message is a replay of a dead letter */
  replayId?: string;
}

/**
 * Reads messages as they arrive and hands them to `handle` in order, in batches of up to `max`:
 * whatever arrived while the previous batch was being handled. Reading pauses while `max` wait.
 * Resolves once the messages ended and every one read was handled.
 */
async function inBatches(messages: AsyncIterable<JsMsg>, max: number, handle: (batch: JsMsg[]) => Promise<void>, logger: EventBusLogger): Promise<void> {
  const queue: JsMsg[] = [];
  let ended = false;
  let wakeWorker: (() => void) | undefined;
  let resumeReader: (() => void) | undefined;
  const worker = (async () => {
    for (;;) {
      if (!queue.length) {
        if (ended) return;
        await new Promise<void>((resolve) => (wakeWorker = resolve));
        continue;
      }
      try {
        await handle(queue.splice(0, max));
      } catch (error) {
        logger.error(`event batch: ${errorText(error)}`); // handle() settles every message itself; not expected
      }
      resumeReader?.();
    }
  })();
  try {
    for await (const msg of messages) {
      queue.push(msg);
      wakeWorker?.();
      wakeWorker = undefined;
      if (queue.length >= max) await new Promise<void>((resolve) => (resumeReader = resolve));
      resumeReader = undefined;
    }
  } finally {
    ended = true;
    wakeWorker?.();
    await worker;
  }
}

export const DEFAULT_STREAM_MAX_AGE_MS = 7 * 86_400_000;
export const DEFAULT_STREAM_MAX_BYTES = 1024 ** 3;

/** The stream configuration this bus keeps: its subjects, duplicate window and limits. */
export function streamLimits(options: Pick<JetStreamEventBusOptions, 'duplicateWindowMs' | 'maxAgeMs' | 'maxBytes'>) {
  const duplicateWindowMs = Math.max(options.duplicateWindowMs ?? 120_000, 120_000);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_STREAM_MAX_BYTES;
  if (maxAgeMs < 0 || (maxAgeMs > 0 && maxAgeMs < duplicateWindowMs)) {
    throw new Error(`event stream max age ${maxAgeMs / 1000} s: must be 0 (forever) or at least the duplicate window (${duplicateWindowMs / 1000} s)`);
  }
  if (maxBytes === 0 || maxBytes < -1) throw new Error(`event stream max bytes ${maxBytes}: must be positive, or -1 for no cap`);
  return { duplicate_window: nanos(duplicateWindowMs), max_age: nanos(maxAgeMs), max_bytes: maxBytes, discard: DiscardPolicy.Old };
}

/** a JetStream API answer of the server's own failure (500), such as a store it could not create just then */
const isServerFailure = (error: unknown) => error instanceof JetStreamApiError && error.status >= 500;

/**
 * Creates the stream, or updates an existing one to this bus's subjects and limits. A server
 * failure is tried again twice (after 250 ms, then 500 ms) before the connect fails; a refusal
 * (a configuration the server rejects) fails at once.
 */
export async function ensureStream(jsm: JetStreamManager, options: JetStreamEventBusOptions, retryAfterMs = 250): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createOrUpdateStream(jsm, options);
    } catch (error) {
      if (attempt >= 3 || !isServerFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs * attempt));
    }
  }
}

async function createOrUpdateStream(jsm: JetStreamManager, options: JetStreamEventBusOptions): Promise<void> {
  const subject = `${options.prefix}.>`;
  const limits = streamLimits(options);
  try {
    const info = await jsm.streams.info(options.stream);
    const subjects = info.config.subjects?.includes(subject) ? info.config.subjects : [...(info.config.subjects ?? []), subject];
    await jsm.streams.update(options.stream, { subjects, ...limits });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.streams.add({ name: options.stream, subjects: [subject], storage: StorageType.File, ...limits });
  }
}
