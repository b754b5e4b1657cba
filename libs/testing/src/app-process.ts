import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Ports handed out for test servers: below Linux's ephemeral range (32768–60999), from which the
 * system takes the local port of every outgoing connection and of every listener on port 0. A port
 * of that range, free when asked, was at times taken before the server started (by one of its own
 * connections or embedded servers): EADDRINUSE.
 */
const TEST_PORTS = { from: 20_000, to: 32_000 } as const;

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port between ${TEST_PORTS.from} and ${TEST_PORTS.to}`);
}

/** whether nothing listens on `port` (any address) right now */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const srv = createServer();
    srv.once('error', () => ok(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => ok(true)));
  });
}

/** `count` consecutive free ports (the first is returned), checked now: gateways of a cluster take PORT, PORT+1, … */
export async function freeConsecutivePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    let free = true;
    for (let i = 1; i < count && free; i++) free = await portIsFree(first + i);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

export async function waitForHttp(url: string, timeoutMs = 30_000, proc?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** startApp is single-node unless the caller passes infrastructure URLs (CI exports them for other tests) */
const SINGLE_NODE = { DATABASE_URL: '', NATS_URL: '', REDIS_URL: '', SMTP_URL: '', S3_ENDPOINT: '' };

/** how a process ended after `stop()`: its exit code (or signal) and how long SIGTERM took */
export interface ProcessExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  afterMs: number;
}

export interface RunningProcess {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s */
  stop(): Promise<ProcessExit | undefined>;
}

/**
 * Starts the built product (`gateway/dist/main.js`, single-node by default) as a child process on
 * a free port with its own data folder, and waits for `/api/health`. Pass env to switch ports to
 * their distributed adapters; `from`, a data folder to start from (copied: seededDataDir's, say).
 * `npm run build` must have run (npm test does it first).
 */
export async function startApp(options: { env?: NodeJS.ProcessEnv; script?: string; dataDir?: string; from?: string } = {}): Promise<RunningProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'aero-app-'));
  // a copy of `from`, its owners kept (as root, the database's files belong to PostgreSQL's own user)
  if (options.from) execFileSync('cp', ['-a', `${options.from}/.`, dataDir]);
  const url = `http://127.0.0.1:${port}`;
  const proc = await spawnUntilHealthy(
    [options.script ?? join(repoRoot, 'gateway/dist/main.js')],
    { ...SINGLE_NODE, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, ...options.env },
    [url],
  );
  return {
    url,
    port,
    dataDir,
    output: proc.output,
    async stop() {
      const exit = await proc.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return exit;
    },
  };
}

/**
 * The data folder of a product (single-node) that started once, made its demo crew (layovers
 * too) and stopped: a browser suite starts from a copy of it (startApp's `from`) instead of
 * making a database and the crew again, about 4 s and 20 s of CPU per suite on a 2-core machine.
 * The caller removes it.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-seeded-'));
  const app = await startApp({ dataDir, env: { DEMO_SEED: 'true', LOG_LEVEL: 'info' } });
  try {
    await demoCrewReady(app);
  } finally {
    await app.stop();
  }
  return dataDir;
}

/** Resolves once an app started with DEMO_SEED and LOG_LEVEL 'info' has made its demo crew, layovers too (3 minutes at most). */
export async function demoCrewReady(app: RunningProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!app.output().includes('demo crew ready')) {
    if (Date.now() > deadline) throw new Error(`the demo crew was not ready after 3 minutes:\n${app.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Spawns `node <args>` from the repository root, collects its output, and waits until every
 * `<url>/api/health` answers; on failure the process is killed and its output is in the error.
 */
export async function spawnUntilHealthy(args: string[], env: NodeJS.ProcessEnv, urls: string[]): Promise<{ output(): string; stop(): Promise<ProcessExit | undefined> }> {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  try {
    for (const url of urls) await waitForHttp(`${url}/api/health`, 90_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- process output ---\n${log}`, { cause: err });
  }
  return {
    output: () => log,
    async stop() {
      if (child.exitCode !== null) return undefined;
      const started = Date.now();
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('exit', (code, signal) => r([code, signal])));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const [exitCode, signal] = await exited;
      clearTimeout(timer);
      return { exitCode, signal, afterMs: Date.now() - started };
    },
  };
}
