import type { Clock, Metrics, RpcClient } from '@aero/common';
import type { Settings } from '@aero/config';
import type { EventBus } from '@aero/event-bus';
import type { JobQueue, KeyValueStore, Mailer, ObjectStorage, RateLimiters } from '@aero/ports';

/** What the gateway process hands its Nest module: settings, the way to call services, and ports. */
export interface GatewayContext {
  settings: Settings;
  rpc: RpcClient;
  bus: EventBus;
  kv: KeyValueStore;
  rateLimiters: RateLimiters;
  mailer: Mailer;
  storage: ObjectStorage;
  /** background jobs (the gateway's own: the deletion of uploads no message carries, of photos never attached) */
  jobs: JobQueue;
  /** HMAC secret of local signed object URLs */
  secret: string;
  /** web/dist, served with history fallback */
  webRoot: string;
  mode: 'single-node' | 'distributed';
  /** the time as the gateway's rules see it (who must pay): the services' clock, which tests move */
  clock: Clock;
  /** this process's Prometheus metrics (HTTP, RPC, sockets; the services' outboxes in single-node mode) */
  metrics: Metrics;
}

export const GATEWAY_CONTEXT = Symbol('GatewayContext');
