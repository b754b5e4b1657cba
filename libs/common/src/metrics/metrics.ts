import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RpcReply, RpcRequest, RpcSubject } from '@aero/contracts';
import type { ConsumerLag, DeliveryObserver } from '@aero/event-bus';
import { JOB_STATES, type JobQueueDepth } from '@aero/ports';
import { RpcError, type RpcClient } from '../rpc/rpc-client.js';

/** what one service's outbox holds that the relay has not published yet */
export interface OutboxBacklog {
  count: number;
  /** seconds since the oldest unpublished event occurred (0 when none) */
  oldestAgeSeconds: number;
}

/** the service a durable consumer belongs to: its name's first part (`notifications.notify-member-when-liked`) */
export const serviceOfConsumer = (consumer: string) => consumer.split('.')[0] ?? consumer;

/** How long a reading made for a scrape is reused: scrapes (and their concurrent collectors) never hammer a server. */
const READING_TTL_MS = 2_000;

/** `read`, called at most once per `ttlMs`: callers within that time share its result (or failure). */
function sharedReading<T>(read: () => Promise<T>, ttlMs = READING_TTL_MS): () => Promise<T> {
  let reading: Promise<T> | null = null;
  return () => {
    if (!reading) {
      reading = read();
      setTimeout(() => (reading = null), ttlMs).unref();
    }
    return reading;
  };
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics (prom-client), one registry per process: in single-node mode
 * the gateway and the six services share it. Served by the ops server (ops-server.ts) at /metrics.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly outboxes = new Map<string, () => Promise<OutboxBacklog>>();
  private readConsumerLag: () => Promise<ConsumerLag[]> = async () => [];
  private readJobQueue: () => Promise<JobQueueDepth[]> = async () => [];

  /** gateway: every HTTP request, by method, route pattern (never the raw URL) and status */
  readonly httpDuration = new Histogram({
    name: 'aero_http_request_duration_seconds',
    help: 'HTTP requests served by the gateway, by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  /** every service call made from this process, by subject and outcome (ok, or the error status) */
  readonly rpcDuration = new Histogram({
    name: 'aero_rpc_duration_seconds',
    help: 'Service calls (request/reply) made from this process, by subject',
    labelNames: ['subject', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly openSockets = new Gauge({ name: 'aero_open_sockets', help: 'socket.io connections open on this gateway', registers: [this.registry] });

  /** a handler failed and the event will be delivered again */
  readonly eventRedeliveries = new Counter({
    name: 'aero_event_redeliveries_total',
    help: 'events whose handler failed and that will be delivered again, by durable consumer',
    labelNames: ['service', 'consumer'] as const,
    registers: [this.registry],
  });

  /** an event given up on (max deliveries reached, or unprocessable) and sent to the dead letters */
  readonly deadLetters = new Counter({
    name: 'aero_dead_letters_total',
    help: 'events dead-lettered by a durable consumer of this process',
    labelNames: ['service', 'consumer'] as const,
    registers: [this.registry],
  });

  /** what the event bus of this process tells of failed handlers (its `observer` option) */
  readonly deliveryObserver: DeliveryObserver = {
    redelivered: (consumer) => this.eventRedeliveries.inc({ service: serviceOfConsumer(consumer), consumer }),
    deadLettered: (consumer) => this.deadLetters.inc({ service: serviceOfConsumer(consumer), consumer }),
  };

  constructor(process: string) {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });
    // both outbox gauges come from one query per service, made once per scrape (they are collected concurrently)
    const readOutboxes = sharedReading(async () => {
      const found = new Map<string, OutboxBacklog>();
      for (const [service, read] of this.outboxes) {
        const backlog = await read().catch(() => null);
        if (backlog) found.set(service, backlog);
      }
      return found;
    }, 1000);
    const consumerLag = sharedReading(() => this.readConsumerLag());
    const jobQueue = sharedReading(() => this.readJobQueue());
    new Gauge({
      name: 'aero_outbox_backlog',
      help: 'events in a service outbox not yet published',
      labelNames: ['service'] as const,
      registers: [this.registry],
      async collect() {
        for (const [service, backlog] of await readOutboxes()) this.set({ service }, backlog.count);
      },
    });
    new Gauge({
      name: 'aero_outbox_oldest_age_seconds',
      help: 'age of the oldest unpublished event of a service outbox',
      labelNames: ['service'] as const,
      registers: [this.registry],
      async collect() {
        for (const [service, backlog] of await readOutboxes()) this.set({ service }, backlog.oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'aero_consumer_lag',
      help: 'events a durable consumer has not handled yet (JetStream: pending + unacknowledged; event log: after its position)',
      labelNames: ['service', 'consumer'] as const,
      registers: [this.registry],
      async collect() {
        const lags = await consumerLag().catch(() => []);
        // consumers gone (or a failed reading) leave no stale figure behind
        this.reset();
        for (const { consumer, lag } of lags) this.set({ service: serviceOfConsumer(consumer), consumer }, lag);
      },
    });
    new Gauge({
      name: 'aero_job_queue_depth',
      help: 'background jobs by job name and state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const queues = await jobQueue().catch(() => []);
        this.reset();
        for (const depth of queues) for (const state of JOB_STATES) this.set({ queue: depth.queue, state }, depth[state]);
      },
    });
  }

  /** the lag of this process's durable consumers (its event bus), read when metrics are scraped */
  watchConsumers(read: () => Promise<ConsumerLag[]>) {
    this.readConsumerLag = read;
  }

  /** this process's job queue depth, read when metrics are scraped */
  watchJobQueue(read: () => Promise<JobQueueDepth[]>) {
    this.readJobQueue = read;
  }

  /** a service's outbox, read when metrics are scraped */
  watchOutbox(service: string, read: () => Promise<OutboxBacklog>) {
    this.outboxes.set(service, read);
  }

  /** `rpc` with every call timed by subject (one observation per call, no timer closures) */
  measured(rpc: RpcClient): RpcClient {
    const duration = this.rpcDuration;
    const observe = (subject: string, outcome: string, started: number) => duration.observe({ subject, outcome }, (performance.now() - started) / 1000);
    return {
      send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
        const started = performance.now();
        return rpc.send(subject, data).then(
          (reply) => {
            observe(subject, 'ok', started);
            return reply;
          },
          (err: unknown) => {
            observe(subject, err instanceof RpcError ? String(err.body.status) : 'error', started);
            throw err;
          },
        );
      },
      close: () => rpc.close(),
    };
  }
}
