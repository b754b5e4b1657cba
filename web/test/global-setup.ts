import { seededDataDir } from '@aero/testing';

/**
 * Before the browser suites: a product started once with its demo crew, whose data folder the
 * suites' apps start from (browser.ts, SEEDED_DATA_DIR), instead of each making a database and
 * the crew again. Removed by global-teardown.ts.
 */
export default async function globalSetup() {
  process.env.SEEDED_DATA_DIR = await seededDataDir();
}
