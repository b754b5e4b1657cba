// Gateway → service request/reply: NATS (the services' NestJS NATS servers, queue group) vs the
// in-process bus, on a read answered from memory (notifications.push-public-key; BENCH_SUBJECT=
// notifications.list for one that reads the database). Prints p50/p99 latency of sequential calls
// and throughput with 50 calls in flight (NATS also with a request id in context: the X-Request-Id
// header on every call). Baseline in the same run: bare request/reply with the
// same NATS client (@nats-io/transport-node, a responder that answers the same JSON).
// Then HTTP, each server in a process of its own with 50 requests in flight from this one: the
// gateway's GET /api/push/public-key (single-node, and over NATS) next to a bare NestJS-on-Fastify
// route answering the same body; the gateway's throughput as a ratio of the bare route's (goal ≥ 85 %),
// measured in alternating rounds, and each server process's CPU time per request (the steadier
// figure when other work shares the machine). The gateway runs without the demo crew.
//   DATABASE_URL=… NATS_URL=… node bench/rpc.bench.mjs   (after `npm run build`)
//   [BENCH_ONLY=http: the HTTP part alone; BENCH_GATEWAY=single|NATS: one gateway; BENCH_HTTP_SECONDS,
//    BENCH_HTTP_ROUNDS; BENCH_CPU_PROF=<dir>: --cpu-prof of both servers; BENCH_BARE_HEADERS=1: the bare
//    route also sends the security headers the gateway sends with API answers]
import 'reflect-metadata';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { forkChild, serveCommands } from './support/child-process.mjs';
import { benchDatabase } from './support/database.mjs';
import { InProcessBroker, InProcessRpcClient, NatsRpcClient, openInfrastructure, startService, withRequestId } from '../libs/common/dist/index.js';
import { loadSettings } from '../libs/config/dist/index.js';
import { service as notificationsService } from '../services/notifications/dist/index.js';

const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 6);
const HTTP_ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const ROUTE = '/api/push/public-key';
const IN_FLIGHT = 50;
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
const ROLE = process.env.BENCH_RPC_ROLE;
if (ROLE) {
  await httpServerChild(ROLE);
  await new Promise(() => {}); // answers the parent until it says close
}

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const SUBJECT = process.env.BENCH_SUBJECT ?? 'notifications.push-public-key';
const DATA = SUBJECT === 'notifications.list' ? { userId: '00000000-0000-4000-8000-000000000001' } : {};
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const dbName = `bench_rpc_${Date.now()}`;

const database = await benchDatabase(dbName);
const dbUrl = database.url;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, rpc) {
  for (let i = 0; i < 200; i++) await rpc.send(SUBJECT, DATA); // warm-up
  const latencies = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await rpc.send(SUBJECT, DATA);
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < CALLS) await rpc.send(SUBJECT, DATA);
    }),
  );
  const throughput = CALLS / ((performance.now() - started) / 1000);
  const row = { label, p50: percentile(latencies, 50), p99: percentile(latencies, 99), throughput };
  console.log(`${label.padEnd(10)} p50 ${row.p50.toFixed(3)} ms  p99 ${row.p99.toFixed(3)} ms  ${Math.round(throughput)} req/s at ${IN_FLIGHT} in flight`);
  return row;
}

/** the same request/reply as the services' NATS servers, with nothing but the NATS client on either side */
async function bareNats() {
  const nc = await connect({ servers: natsUrl, noAsyncTraces: true }); // as the gateway's RPC client
  const subject = `${dbName}_bare.${SUBJECT}`;
  const reply = JSON.stringify({ response: { publicKey: 'x'.repeat(87) }, isDisposed: true, id: '1' });
  const sub = nc.subscribe(subject, { queue: 'bare', callback: (_e, m) => m.respond(reply) });
  await nc.flush();
  let id = 0;
  const row = await measure('bare NATS', { send: async (s, data) => (await nc.request(subject, JSON.stringify({ pattern: subject, data, id: String(++id) }), { timeout: 10_000 })).json() });
  sub.unsubscribe();
  await nc.close();
  return row;
}

try {
  if (process.env.BENCH_ONLY === 'http') {
    await httpRoutes();
  } else {
  const results = [];
  const bare = await bareNats();
  for (const mode of ['in-process', 'nats']) {
    const settings = loadSettings({ DATABASE_URL: dbUrl, DATA_DIR: database.dataDir, LOG_LEVEL: 'error', ...(mode === 'nats' ? { NATS_URL: natsUrl, EVENTS_STREAM: dbName.toUpperCase(), EVENTS_PREFIX: dbName } : {}) });
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
  console.log(`ratio service over NATS / bare NATS: p50 ×${(nats.p50 / bare.p50).toFixed(2)}, p99 ×${(nats.p99 / bare.p99).toFixed(2)}, throughput ×${(nats.throughput / bare.throughput).toFixed(2)}`);
  await httpRoutes();
  }
} finally {
  await database.drop();
}

// ───────────────────────────── HTTP: gateway vs bare NestJS on Fastify ─────────────────────────────


/** In a child: a bare NestJS-on-Fastify app with the one route, or the gateway; answers `port` over IPC. */
async function httpServerChild(role) {
  const { freePort } = await import('../libs/testing/dist/index.js');
  const port = await freePort();
  let close;
  if (role === 'bare') {
    const { Controller, Get, Module } = await import('@nestjs/common');
    const { NestFactory } = await import('@nestjs/core');
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    const body = { publicKey: process.env.BENCH_PUBLIC_KEY };
    class BareController {
      publicKey() {
        return body;
      }
    }
    Get()(BareController.prototype, 'publicKey', Object.getOwnPropertyDescriptor(BareController.prototype, 'publicKey'));
    Controller(ROUTE)(BareController);
    class BareModule {}
    Module({ controllers: [BareController] })(BareModule);
    const app = await NestFactory.create(BareModule, new FastifyAdapter(), { logger: false });
    if (process.env.BENCH_BARE_HEADERS) {
      // a diagnostic: the bare route with the security headers the gateway sends with API answers (what sending them costs)
      const { apiSecurityHeaders } = await import('../gateway/dist/http/security-headers.js');
      const { loadSettings } = await import('../libs/config/dist/index.js');
      const headers = apiSecurityHeaders(loadSettings({ ...process.env, PORT: String(port) }));
      app.getHttpAdapter().getInstance().addHook('onRequest', (_request, reply, done) => {
        for (const [name, value] of headers) reply.raw.setHeader(name, value);
        done();
      });
    }
    await app.listen(port, '127.0.0.1');
    close = () => app.close();
  } else {
    const { startGateway } = await import('../gateway/dist/index.js');
    const { loadSettings } = await import('../libs/config/dist/index.js');
    const gateway = await startGateway(loadSettings({ ...process.env, PORT: String(port) }));
    close = () => gateway.close();
  }
  // the CPU time this process has used (µs): the parent reads it around each load
  serveCommands({ port: async () => port, cpu: async () => { const { user, system } = process.cpuUsage(); return user + system; } }, close);
}

async function httpRoutes() {
  const self = fileURLToPath(import.meta.url);
  // no demo crew: its sign-ups (password hashing, photos) would run in the gateway during the load
  const base = { ...process.env, LOG_LEVEL: 'error', REDIS_URL: '', DEMO_SEED: 'false', DATABASE_URL: dbUrl, DATA_DIR: database.dataDir };
  const servers = [
    ['gateway, single-node (services in-process)', { ...base, NATS_URL: '' }],
    ['gateway, services over NATS', { ...base, NATS_URL: natsUrl, RUN_SERVICES: 'all', EVENTS_STREAM: `${dbName.toUpperCase()}_GW`, EVENTS_PREFIX: `${dbName}_gw` }],
  ].filter(([label]) => !process.env.BENCH_GATEWAY || label.includes(process.env.BENCH_GATEWAY));
  let publicKey;
  const rows = [];
  for (const [label, env] of servers) {
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
    const gateway = await forkChild(self, { env: { ...env, BENCH_RPC_ROLE: 'gateway' }, execArgv: profile, label });
    try {
      const port = await gateway.call('port');
      publicKey ??= (await get(port, ROUTE)).body.publicKey;
      // the bare route next to the gateway, in alternating rounds (bare first, then the gateway
      // first), so both see the same machine
      const bare = await forkChild(self, { env: { ...base, BENCH_RPC_ROLE: 'bare', BENCH_PUBLIC_KEY: publicKey }, execArgv: profile, label: 'bare Fastify' });
      try {
        const barePort = await bare.call('port');
        await httpLoad(barePort, 1);
        await httpLoad(port, 1); // warm-up
        const b = [];
        const g = [];
        for (let round = 0; round < HTTP_ROUNDS; round++) {
          const pair = [() => loadOf(bare, barePort).then((r) => b.push(r)), () => loadOf(gateway, port).then((r) => g.push(r))];
          for (const run of round % 2 ? pair.reverse() : pair) await run();
        }
        rows.push([label, merged(b), merged(g)]);
      } finally {
        await bare.stop();
      }
    } finally {
      await gateway.stop();
    }
  }
  agent.destroy();
  const f = (r) => `${Math.round(r.rate).toString().padStart(6)} req/s  ${Math.round(r.cpuPerRequest).toString().padStart(4)} µs CPU/req  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${r.errors ? `  (${r.errors} not 200)` : ''}`;
  console.log(`HTTP GET ${ROUTE}, ${IN_FLIGHT} in flight for ${HTTP_SECONDS} s each (${HTTP_ROUNDS} alternating rounds), servers in their own processes:`);
  for (const [label, b, g] of rows) {
    console.log(`  bare NestJS on Fastify  ${f(b)}`);
    console.log(`  ${label.padEnd(22)} ${f(g)}`);
    console.log(`  ratio gateway / bare: throughput ${((100 * g.rate) / b.rate).toFixed(0)} % (goal ≥ 85 %), p50 ×${(g.p50 / b.p50).toFixed(2)}; server CPU per request: bare = ${((100 * b.cpuPerRequest) / g.cpuPerRequest).toFixed(0)} % of the gateway's`);
  }
}

function get(port, path) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { origin: `http://127.0.0.1:${port}` } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined }));
    });
    req.on('error', () => resolve({ status: 0 }));
    req.end();
  });
}

async function httpLoad(port, seconds) {
  const lat = [];
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < deadline) {
        const s = performance.now();
        const res = await get(port, ROUTE);
        lat.push(performance.now() - s);
        if (res.status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return { rate: lat.length / elapsed, seconds: elapsed, lat, p50: percentile(lat, 50), p99: percentile(lat, 99), errors };
}

/** one round against a server, with the CPU time the server process used for it */
async function loadOf(server, port) {
  const before = await server.call('cpu');
  const run = await httpLoad(port, HTTP_SECONDS / HTTP_ROUNDS);
  return { ...run, cpu: (await server.call('cpu')) - before };
}

/** the rounds of one server as one run: requests over the time they took, latencies together */
function merged(runs) {
  const lat = runs.flatMap((r) => r.lat).sort((a, b) => a - b);
  const seconds = runs.reduce((t, r) => t + r.seconds, 0);
  const cpu = runs.reduce((t, r) => t + r.cpu, 0);
  return { rate: lat.length / seconds, cpuPerRequest: cpu / lat.length, p50: percentile(lat, 50), p99: percentile(lat, 99), errors: runs.reduce((e, r) => e + r.errors, 0) };
}
