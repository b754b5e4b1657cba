import type { Clock, ServiceDefinition } from '@aero/common';
import { loadSettings, type ServiceName, type Settings } from '@aero/config';
import { type EventEnvelope, JetStreamEventBus, PostgresEventBus } from '@aero/event-bus';
import { createTestDatabase, deleteRedisKeys, freePort, natsUrl, redisUrl, type TestDatabase, uniqueName } from '@aero/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningGateway, startGateway } from '../../src/bootstrap.js';

/** The gateway's two configurations: single-node adapters, or NATS + Redis + BullMQ. */
export type GatewayMode = 'single-node' | 'distributed';
export const GATEWAY_MODES: GatewayMode[] = ['single-node', 'distributed'];

export interface TestGateway {
  base: string;
  settings: Settings;
  gateway: RunningGateway;
  /** stops this gateway; the database, stream and Redis keys stay for a restart */
  stop(): Promise<void>;
  /** a new gateway on the same database, stream and Redis keys, with other settings */
  restart(env?: Record<string, string>): Promise<void>;
  /**
   * Distributed mode: another gateway (no services of its own) on the same NATS, Redis and
   * database, on its own port; `PUBLIC_URL` stays the first gateway's, as behind one load balancer.
   */
  peer(env?: Record<string, string>): Promise<{ base: string; gateway: RunningGateway }>;
  /** the first gateway and every peer started since (closed ones too): any of them may handle an event, as they share its consumers */
  gateways(): RunningGateway[];
  /** stops and removes everything the gateway left behind */
  close(): Promise<void>;
  /** publishes events as a relay would: onto the stream (distributed) or the event log (single-node), from a bus of its own */
  publish(events: EventEnvelope[]): Promise<void>;
  /** one statement on a service's own database (what a test cannot observe through the API), on a connection of its own */
  query<T = Record<string, unknown>>(service: ServiceName, sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A real gateway with every service in-process, on a fresh PostgreSQL database; in distributed
 * mode also on NATS (its own stream and subjects) and Redis (its own key prefix).
 */
export async function startTestGateway(mode: GatewayMode, env: Record<string, string> = {}, options: { webRoot?: string; clock?: Clock; services?: ServiceDefinition[] } = {}): Promise<TestGateway> {
  const db: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-int-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const distributed =
    mode === 'distributed'
      ? { NATS_URL: await natsUrl(), REDIS_URL: await redisUrl(), REDIS_PREFIX: `${uniqueName('aero-test')}:`, EVENTS_STREAM: uniqueName('GW').toUpperCase(), EVENTS_PREFIX: uniqueName('gw') }
      : {};
  const common = { PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'error', DEMO_SEED: 'false', ...distributed };
  const peers: RunningGateway[] = [];
  const handle: TestGateway = {
    base,
    settings: loadSettings({ ...common, ...env }),
    gateway: undefined as unknown as RunningGateway,
    stop: () => handle.gateway.close(),
    async restart(next = {}) {
      handle.settings = loadSettings({ ...common, ...next });
      handle.gateway = await startGateway(handle.settings, { hostServices: true, webRoot: options.webRoot, clock: options.clock, services: options.services });
    },
    async peer(next = {}) {
      const peerPort = await freePort();
      const gateway = await startGateway(loadSettings({ ...common, ...env, ...next, PORT: String(peerPort) }), { hostServices: false, webRoot: options.webRoot, clock: options.clock });
      peers.push(gateway);
      return { base: `http://127.0.0.1:${peerPort}`, gateway };
    },
    gateways: () => [handle.gateway, ...peers],
    async publish(events) {
      // single-node: the log lives in the first service's database (every service's, in tests)
      const bus =
        mode === 'distributed'
          ? await JetStreamEventBus.connect({ servers: distributed.NATS_URL!, stream: distributed.EVENTS_STREAM!, prefix: distributed.EVENTS_PREFIX!, existingStream: true })
          : await PostgresEventBus.connect({ url: db.url });
      try {
        await bus.publish(events);
      } finally {
        await bus.close();
      }
    },
    async query<T>(service: ServiceName, sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: handle.settings.databaseUrl(service) });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async close() {
      for (const peer of peers) await peer.close().catch(() => undefined);
      await handle.gateway?.close().catch(() => undefined);
      if (mode === 'distributed') {
        const bus = await JetStreamEventBus.connect({ servers: distributed.NATS_URL!, stream: distributed.EVENTS_STREAM!, prefix: distributed.EVENTS_PREFIX! });
        await bus.deleteStream();
        await bus.close();
        await deleteRedisKeys(distributed.REDIS_URL!, distributed.REDIS_PREFIX!);
      }
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    handle.gateway = await startGateway(handle.settings, { hostServices: true, webRoot: options.webRoot, clock: options.clock, services: options.services });
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
