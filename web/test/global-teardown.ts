import { rmSync } from 'node:fs';

/** after the browser suites: the seeded data folder of global-setup.ts goes */
export default function globalTeardown() {
  if (process.env.SEEDED_DATA_DIR) rmSync(process.env.SEEDED_DATA_DIR, { recursive: true, force: true });
}
