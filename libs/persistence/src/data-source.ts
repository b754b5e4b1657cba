import pg from 'pg';
import { DataSource, type MixedList } from 'typeorm';
import { QueryErrorLogger, type QueryErrorSink } from './query-error-logger.js';

export interface ServiceDataSourceOptions {
  url: string;
  /** the service's own schema; no service reads another's tables */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  poolSize?: number;
  /** where a query PostgreSQL refused is told (its parameters never are): the app's logger */
  onQueryError: QueryErrorSink;
}

/** A TypeORM DataSource bound to one service schema, migrations run on open (never synchronize). */
export async function openServiceDataSource(options: ServiceDataSourceOptions): Promise<DataSource> {
  await ensureSchema(options.url, options.schema);
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logger: new QueryErrorLogger(options.onQueryError),
    extra: { max: options.poolSize ?? 10, application_name: `aero-${options.schema}` },
  });
  await dataSource.initialize();
  await withSchemaLock(options.url, `migrate:${options.schema}`, () => dataSource.runMigrations());
  return dataSource;
}

/** replicas starting together take turns: one runs the migrations, the others then find none pending */
async function withSchemaLock<T>(url: string, name: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await client.end();
  }
}

async function ensureSchema(url: string, schema: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // two replicas starting together may race on CREATE SCHEMA; the advisory lock serialises them
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [schema]);
  } finally {
    await client.end();
  }
}
