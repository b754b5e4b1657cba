import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RpcReply, RpcRequest, RpcSubject } from '@aero/contracts';
import { RpcError, type RpcClient } from '../rpc/rpc-client.js';

/** what one service's outbox holds that the relay has not published yet */
export interface OutboxBacklog {
  count: number;
  /** seconds since the oldest unpublished event occurred (0 when none) */
  oldestAgeSeconds: number;
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics (prom-client), one registry per process: in single-node mode
 * the gateway and the six services share it. Served by the ops server (ops-server.ts) at /metrics.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly outboxes = new Map<string, () => Promise<OutboxBacklog>>();

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

  constructor(process: string) {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });
    // both outbox gauges come from one query per service, made once per scrape (they are collected concurrently)
    let reading: Promise<Map<string, OutboxBacklog>> | null = null;
    const readOutboxes = () => {
      reading ??= (async () => {
        const found = new Map<string, OutboxBacklog>();
        for (const [service, read] of this.outboxes) {
          const backlog = await read().catch(() => null);
          if (backlog) found.set(service, backlog);
        }
        setTimeout(() => (reading = null), 1000).unref();
        return found;
      })();
      return reading;
    };
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
  }

  /** a service's outbox, read when metrics are scraped */
  watchOutbox(service: string, read: () => Promise<OutboxBacklog>) {
    this.outboxes.set(service, read);
  }

  /** `rpc` with every call timed by subject */
  measured(rpc: RpcClient): RpcClient {
    const duration = this.rpcDuration;
    return {
      async send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
        const end = duration.startTimer({ subject });
        try {
          const reply = await rpc.send(subject, data);
          end({ outcome: 'ok' });
          return reply;
        } catch (err) {
          end({ outcome: err instanceof RpcError ? String(err.body.status) : 'error' });
          throw err;
        }
      },
      close: () => rpc.close(),
    };
  }
}
