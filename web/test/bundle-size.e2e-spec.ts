import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@aero/testing';
import { BUDGET_CHUNK_KB, FIRST_SCREENS, formatReport, measureBundles } from '../build/bundle-budgets';

// The size budgets of the built web app (npm test builds it before the end-to-end tests): the
// figures are printed, and the run fails above budget.
describe('web bundle budgets', () => {
  const dist = join(repoRoot, 'web/dist');

  it('keeps each first screen and every later chunk within budget', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    process.stdout.write(`\n${formatReport(dist)}\n\n`);
    for (const screen of FIRST_SCREENS) {
      const m = measureBundles(dist, screen.module);
      expect(m.initial.length).toBeGreaterThan(1);
      expect(m.initialKb).toBeLessThanOrEqual(screen.budgetKb);
    }
    const auth = measureBundles(dist, 'account');
    expect(auth.later.filter((c) => c.gzipKb > BUDGET_CHUNK_KB)).toEqual([]);
    // the login screen loads its own texts only: neither the other languages nor the screens' texts
    expect(auth.initial.filter((c) => /_aero-catalog_/.test(c.file)).map((c) => c.file)).toEqual([expect.stringMatching(/^assets\/_aero-catalog_first_en-/)]);
    // the swipe screen's card stack is not in the login screen's first load, nor the login screen in the swipe screen's
    const swipe = measureBundles(dist, 'discovery');
    expect(auth.initial.filter((c) => /discovery-/.test(c.file))).toEqual([]);
    expect(swipe.initial.filter((c) => /account-screens-/.test(c.file))).toEqual([]);
  });
});
