import type { ServiceName } from '@aero/config';
import pg from 'pg';
import type { TestGateway } from './test-gateway.js';

/**
 * The plan of a statement on a service's database with sequential scans and sorts priced out
 * (EXPLAIN only: nothing runs), so that a test table's few rows do not decide it: an index the
 * statement can use shows in it, and a statement that no index serves still reads the whole
 * table ('Seq Scan') or sorts what it read ('Sort').
 */
export async function indexedPlan(gw: TestGateway, service: ServiceName, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: gw.settings.databaseUrl(service) });
  await client.connect();
  try {
    await client.query('SET enable_seqscan = off');
    await client.query('SET enable_sort = off');
    return (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
