import { connect } from 'node:net';

/**
 * The standard local servers a fresh machine of ours runs (PostgreSQL, NATS with JetStream,
 * Redis on their usual ports), probed over TCP. Used by `npm test`, `npm run start:distributed`
 * and the test helpers when a URL is not set. Plain Node (runs type-stripped from .mjs scripts).
 */
export interface LocalService {
  env: 'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL';
  name: string;
  url: string;
  port: number;
  /** what the server must answer to the greeting (or to `send`) to count as up */
  expect?: RegExp;
  send?: string;
}

export const LOCAL_SERVICES: LocalService[] = [
  { env: 'DATABASE_URL', name: 'PostgreSQL', url: 'postgres://postgres@127.0.0.1:5432/postgres', port: 5432 },
  { env: 'NATS_URL', name: 'NATS with JetStream', url: 'nats://127.0.0.1:4222', port: 4222, expect: /^INFO .*"jetstream":true/ },
  { env: 'REDIS_URL', name: 'Redis', url: 'redis://127.0.0.1:6379', port: 6379, send: 'PING\r\n', expect: /^\+PONG/ },
];

/** whether the server answers on 127.0.0.1 (and says what it must) within `timeoutMs` */
export function answers(service: LocalService, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: service.port });
    let text = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('error', () => done(false));
    socket.on('connect', () => {
      if (!service.expect) return done(true);
      if (service.send) socket.write(service.send);
    });
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\n')) done(service.expect!.test(text));
    });
  });
}

/**
 * For each URL not set in `env`: the standard local server when it answers. Returns what it set
 * and the names of the servers that are neither set nor answering.
 */
export async function useLocalServices(env: Record<string, string | undefined>): Promise<{ set: string[]; missing: LocalService[] }> {
  const set: string[] = [];
  const missing: LocalService[] = [];
  for (const service of LOCAL_SERVICES) {
    if (env[service.env]) continue;
    if (await answers(service)) {
      env[service.env] = service.url;
      set.push(`${service.env}=${service.url}`);
    } else missing.push(service);
  }
  return { set, missing };
}
