import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { answers, LOCAL_SERVICES } from '@aero/config';

/**
 * Integration tests talk to real PostgreSQL, NATS and Redis: the URLs from the environment
 * (`TEST_DATABASE_URL`/`DATABASE_URL`, `NATS_URL`, `REDIS_URL`), else the standard local server
 * when it answers, else containers started by testcontainers, else a one-line error naming what
 * is missing. Every test run makes its own database, stream and key prefix and removes them
 * afterwards.
 */
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

type Started = { url: string; stop(): Promise<void> };
const containers = new Map<string, Promise<Started>>();

async function container(kind: 'postgres' | 'nats' | 'redis'): Promise<string> {
  if (!containers.has(kind)) {
    containers.set(
      kind,
      (async () => {
        const { GenericContainer, Wait } = await import('testcontainers');
        if (kind === 'postgres') {
          const c = await new GenericContainer('postgres:16-alpine')
            .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
            .withExposedPorts(5432)
            .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
            .start();
          return { url: `postgres://postgres:postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`, stop: async () => void (await c.stop()) };
        }
        if (kind === 'nats') {
          const c = await new GenericContainer('nats:2.10').withCommand(['-js']).withExposedPorts(4222).start();
          return { url: `nats://${c.getHost()}:${c.getMappedPort(4222)}`, stop: async () => void (await c.stop()) };
        }
        const c = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
        return { url: `redis://${c.getHost()}:${c.getMappedPort(6379)}`, stop: async () => void (await c.stop()) };
      })(),
    );
  }
  return (await containers.get(kind)!).url;
}

/** the environment's URL, else the local server if it answers, else a container, else one clear error */
async function serverUrl(env: 'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL', kind: 'postgres' | 'nats' | 'redis', explicit?: string): Promise<string> {
  if (explicit) return explicit;
  const local = LOCAL_SERVICES.find((s) => s.env === env)!;
  if (await answers(local)) return local.url;
  try {
    return await container(kind);
  } catch {
    throw new Error(`${local.name} is missing: ${env} is not set, nothing answers on 127.0.0.1:${local.port}, and testcontainers found no container runtime`);
  }
}

export async function postgresAdminUrl(): Promise<string> {
  return serverUrl('DATABASE_URL', 'postgres', process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
}
export async function natsUrl(): Promise<string> {
  return serverUrl('NATS_URL', 'nats', process.env.NATS_URL);
}
export async function redisUrl(): Promise<string> {
  return serverUrl('REDIS_URL', 'redis', process.env.REDIS_URL);
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, uniquely named database on the real server; `drop()` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = await postgresAdminUrl();
  const name = uniqueName('t').toLowerCase();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Removes every key under `prefix` (SCAN, so it is safe on a shared server). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
