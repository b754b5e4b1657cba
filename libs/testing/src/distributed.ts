import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, waitForHttp } from './app-process.js';

export interface RunningCluster {
  gatewayUrls: string[];
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Distributed mode as separate processes (scripts/start-distributed.mjs): every service and
 * `gateways` gateway instances on NATS/PostgreSQL/Redis from `env`. Waits until every gateway's
 * /api/health reports all services.
 */
export async function startCluster(options: { env: NodeJS.ProcessEnv; gateways?: number; replicas?: string }): Promise<RunningCluster> {
  const gateways = options.gateways ?? 1;
  // consecutive free ports: take one and hope the next is free too (checked by the health wait)
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-cluster-'));
  const publicUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/start-distributed.mjs'), '--gateways', String(gateways), '--replicas', options.replicas ?? ''], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: publicUrl, DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const gatewayUrls = Array.from({ length: gateways }, (_, i) => `http://127.0.0.1:${port + i}`);
  try {
    for (const url of gatewayUrls) await waitForHttp(`${url}/api/health`, 90_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- cluster output ---\n${log}`, { cause: err });
  }
  return {
    gatewayUrls,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
