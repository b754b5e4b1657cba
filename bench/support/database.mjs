// A bench measures on a database of its own, made through the admin URL (DATABASE_URL) when it
// starts and dropped when it ends, so runs neither meet each other's rows nor leave any behind. One
// way to make and drop it for every bench (scripts/bench.mjs runs only bench/*.bench.mjs, not this folder).
// Its app's files (DATA_DIR: local object storage and the like) go to a folder of the same name
// under the system's temporary folder, removed with it.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The admin URL: DATABASE_URL, else the local server's `postgres` database as `postgres`. */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates the database `name` through an admin client (with `reuse`, takes the one of that name as
 * it is); resolves with its `url` (the admin URL with the database's pathname), `dataDir` (the
 * app's DATA_DIR) and `drop()`, which drops the database with whatever is still connected and
 * removes the folder (`keep`: leaves the database), and always ends the admin client.
 * The name is quoted in SQL, so it is the name in the URL whatever its case.
 */
export async function benchDatabase(name, { reuse = false } = {}) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const quoted = pg.escapeIdentifier(name);
  if (!reuse) {
    try {
      await admin.query(`CREATE DATABASE ${quoted}`);
    } catch (error) {
      await admin.end(); // the caller gets no drop() to end it with
      throw error;
    }
  }
  return {
    name,
    url: Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString(),
    dataDir: join(tmpdir(), name),
    async drop({ keep = false } = {}) {
      try {
        if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
      } finally {
        await admin.end();
        rmSync(join(tmpdir(), name), { recursive: true, force: true });
      }
    },
  };
}
