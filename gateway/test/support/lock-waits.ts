import type { TestGateway } from './test-gateway.js';

/**
 * How many of discovery's sessions matching `where` (a condition on pg_stat_activity) wait for a
 * lock now: what a test that forces an interleaving with locks of its own waits for.
 */
export const waitingOnLock = async (gw: TestGateway, where: string) =>
  Number((await gw.query<{ n: string }>('discovery', `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND ${where}`))[0]!.n);
