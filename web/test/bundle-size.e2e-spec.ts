import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@aero/testing';
import { BUDGET_CHUNK_KB, BUDGET_INITIAL_KB, formatReport, measureBundles } from '../build/bundle-budgets';

// The size budgets of the built web app (npm test builds it before the end-to-end tests): the
// figures are printed, and the run fails above budget.
describe('web bundle budgets', () => {
  const dist = join(repoRoot, 'web/dist');

  it('keeps the first screen and every later chunk within budget', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    const m = measureBundles(dist);
    process.stdout.write(`\n${formatReport(m)}\n\n`);
    expect(m.initial.length).toBeGreaterThan(1);
    expect(m.initialKb).toBeLessThanOrEqual(BUDGET_INITIAL_KB);
    expect(m.later.filter((c) => c.gzipKb > BUDGET_CHUNK_KB)).toEqual([]);
    // the login screen loads its own texts only: neither the other languages nor the screens' texts
    expect(m.initial.filter((c) => /_aero-catalog_/.test(c.file)).map((c) => c.file)).toEqual([expect.stringMatching(/^assets\/_aero-catalog_first_en-/)]);
  });
});
