import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeConsecutivePorts, repoRoot, spawnUntilHealthy } from './app-process.js';

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
  // the gateways take consecutive ports: all of them free when the cluster starts
  const port = await freeConsecutivePorts(gateways);
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-cluster-'));
  const publicUrl = `http://127.0.0.1:${port}`;
  const gatewayUrls = Array.from({ length: gateways }, (_, i) => `http://127.0.0.1:${port + i}`);
  const proc = await spawnUntilHealthy(
    [join(repoRoot, 'scripts/start-distributed.mjs'), '--gateways', String(gateways), '--replicas', options.replicas ?? ''],
    { PORT: String(port), PUBLIC_URL: publicUrl, DATA_DIR: dataDir, ...options.env },
    gatewayUrls,
  );
  return {
    gatewayUrls,
    dataDir,
    output: proc.output,
    async stop() {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
