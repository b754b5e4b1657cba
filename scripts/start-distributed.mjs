// Distributed mode on one machine: every service and the gateway as its own process, talking
// over NATS (JetStream for events) with PostgreSQL and Redis from the environment.
//   NATS_URL=… DATABASE_URL=… REDIS_URL=… node scripts/start-distributed.mjs [--gateways 2] [--replicas identity=2,discovery=2]
// Gateways listen on PORT, PORT+1, …; Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useLocalServices } from '../libs/config/src/local-services.ts';
import { SERVICE_NAMES } from '../libs/config/src/settings.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const gateways = Number(arg('gateways', process.env.GATEWAYS ?? '1'));
const replicas = Object.fromEntries(
  String(arg('replicas', process.env.REPLICAS ?? ''))
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((v, i) => (i ? Number(v) : v))),
);

// URLs not set: the standard local servers when they answer
const { set, missing } = await useLocalServices(process.env);
if (set.length) console.log(`local servers: ${set.join(' ')}`);
if (missing.length) {
  console.error(`distributed mode needs ${missing.map((s) => `${s.name} (${s.env}, or running on 127.0.0.1:${s.port})`).join(', ')} — see README`);
  process.exit(2);
}

const children = [];
// with METRICS_PORT, each process's operations port (/metrics, /livez, /readyz) is the next one up, in
// start order: the services (and their replicas) first, then the gateways; on Kubernetes every pod
// has its own address and they all use the same port
const metricsBase = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
function run(label, script, env = {}) {
  const metrics = metricsBase === undefined ? {} : { METRICS_PORT: String(metricsBase + children.length) };
  const child = spawn(process.execPath, [join(root, script)], { cwd: root, env: { ...process.env, ...metrics, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (data) => data.toString().split('\n').filter(Boolean).map((l) => `[${label}] ${l}\n`).join('');
  child.stdout.on('data', (d) => process.stdout.write(prefix(d)));
  child.stderr.on('data', (d) => process.stderr.write(prefix(d)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${label}] exited (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000);
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

for (const service of SERVICE_NAMES) {
  for (let i = 1; i <= (replicas[service] ?? 1); i++) run(`${service}-${i}`, `services/${service}/dist/main.js`);
}
const basePort = Number(process.env.PORT ?? 3000);
for (let i = 0; i < gateways; i++) {
  const port = basePort + i;
  run(`gateway-${i + 1}`, 'gateway/dist/main.js', { PORT: String(port), PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${basePort}` });
}
