// Gateway → service request/reply: NATS (NestJS NATS transport, queue group) vs the in-process
// bus. Prints p50/p99 latency of sequential calls and throughput with 50 calls in flight; NATS
// also with a request id in context (the X-Request-Id header on every call).
//   DATABASE_URL=… NATS_URL=… node bench/rpc.bench.mjs   (after `npm run build`)
import 'reflect-metadata';
import pg from 'pg';
import { InProcessBroker, InProcessRpcClient, NatsRpcClient, openInfrastructure, startService, withRequestId } from '../libs/common/dist/index.js';
import { loadSettings } from '../libs/config/dist/index.js';
import { service as notificationsService } from '../services/notifications/dist/index.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const IN_FLIGHT = 50;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const dbName = `bench_rpc_${Date.now()}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const userId = '00000000-0000-4000-8000-000000000001';

async function measure(label, rpc) {
  for (let i = 0; i < 200; i++) await rpc.send('notifications.list', { userId }); // warm-up
  const latencies = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await rpc.send('notifications.list', { userId });
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < CALLS) await rpc.send('notifications.list', { userId });
    }),
  );
  const throughput = CALLS / ((performance.now() - started) / 1000);
  const row = { label, p50: percentile(latencies, 50), p99: percentile(latencies, 99), throughput };
  console.log(`${label.padEnd(10)} p50 ${row.p50.toFixed(3)} ms  p99 ${row.p99.toFixed(3)} ms  ${Math.round(throughput)} req/s at ${IN_FLIGHT} in flight`);
  return row;
}

try {
  const results = [];
  for (const mode of ['in-process', 'nats']) {
    const settings = loadSettings({ DATABASE_URL: dbUrl, DATA_DIR: `/tmp/${dbName}`, LOG_LEVEL: 'error', ...(mode === 'nats' ? { NATS_URL: natsUrl, EVENTS_STREAM: dbName.toUpperCase(), EVENTS_PREFIX: dbName } : {}) });
    const infra = await openInfrastructure(settings, { name: 'bench', services: [] });
    const broker = new InProcessBroker();
    const transport = mode === 'nats' ? { kind: 'nats', servers: natsUrl, prefix: settings.rpcPrefix } : { kind: 'in-process', broker };
    const rpc = mode === 'nats' ? new NatsRpcClient(natsUrl, settings.rpcPrefix) : new InProcessRpcClient(broker);
    const app = await startService(notificationsService, infra.runtimeFor('notifications', rpc), transport);
    results.push(await measure(mode, rpc));
    // the same calls made while a user action is handled: each carries its request id (a NATS header)
    if (mode === 'nats') await withRequestId('bench-request-0123456789', () => measure('nats + id', rpc));
    await rpc.close();
    await app.close();
    if (mode === 'nats') await infra.bus.deleteStream?.();
    await infra.close();
  }
  const [local, nats] = results;
  console.log(`ratio NATS / in-process: p50 ×${(nats.p50 / local.p50).toFixed(1)}, p99 ×${(nats.p99 / local.p99).toFixed(1)}, throughput ×${(nats.throughput / local.throughput).toFixed(2)}`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
