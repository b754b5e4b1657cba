import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@aero/testing';
import { BUDGET_CHUNK_KB, FIRST_SCREENS, formatReport, measureBundles } from '../build/bundle-budgets';
import { COMPILE_HINT } from '../build/compile-hints';

// The size budgets of the built web app (npm test builds it before the end-to-end tests): the
// figures are printed, and the run fails above budget.
describe('web bundle budgets', () => {
  const dist = join(repoRoot, 'web/dist');

  it('keeps each first screen and every later chunk within budget', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    process.stdout.write(`\n${formatReport(dist)}\n\n`);
    for (const screen of FIRST_SCREENS) {
      const m = measureBundles(dist, screen.module);
      expect(m.initialKb).toBeLessThanOrEqual(screen.budgetKb);
    }
    const auth = measureBundles(dist, 'account');
    expect(auth.later.filter((c) => c.gzipKb > BUDGET_CHUNK_KB)).toEqual([]);
    // the login screen loads its own texts only: neither the other languages nor the screens' texts
    expect(auth.initial.filter((c) => /_aero-catalog_/.test(c.file)).map((c) => c.file)).toEqual([expect.stringMatching(/^assets\/_aero-catalog_first_en-/)]);
    // by their code, not their file names: the login screen (its texts' ids) and the forms library
    // (react-hook-form's option names) are not in the swipe screen's first load; the card stack
    // (its texts' ids) is, but not its motion (the gesture library's option names), which loads
    // once the first screen has settled
    const inFiles = (files: { file: string }[], text: string) => files.some((c) => !/_aero-catalog_/.test(c.file) && readFileSync(join(dist, c.file), 'utf8').includes(text));
    const holds = (m: ReturnType<typeof measureBundles>, text: string) => inFiles(m.initial, text);
    const swipe = measureBundles(dist, 'discovery');
    expect(holds(auth, 'auth.signIn.submit')).toBe(true);
    expect(holds(swipe, 'auth.signIn.submit')).toBe(false);
    expect(holds(auth, 'shouldUnregister')).toBe(true);
    expect(holds(swipe, 'shouldUnregister')).toBe(false);
    expect(holds(swipe, 'discovery.card.role')).toBe(true);
    expect(holds(auth, 'discovery.card.role')).toBe(false);
    expect(holds(swipe, 'filterTaps')).toBe(false);
    expect(holds(auth, 'filterTaps')).toBe(false);
    expect(inFiles(swipe.later, 'filterTaps')).toBe(true);
    // the file-type detector of the photo and document pickers (contracts' detectFileType, found by
    // a magic number of its code) loads with their screens, in no first screen
    for (const screen of FIRST_SCREENS) expect(holds(measureBundles(dist, screen.module), 'GIF89a')).toBe(false);
    expect(inFiles(auth.later, 'GIF89a')).toBe(true);
    // the page's script and its 'boot' chunk import no other chunk (they start the first screen's
    // calls and files before the libraries and the app have arrived); the app's body (main.tsx,
    // which starts it) is in no chunk that other code imports
    const entry = readFileSync(join(dist, 'index.html'), 'utf8').match(/<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/)![1];
    const staticImports = (file: string) => [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
    const [boot, ...others] = staticImports(entry);
    expect({ boot, others }).toEqual({ boot: expect.stringMatching(/^boot-/), others: [] });
    expect(staticImports(`assets/${boot}`)).toEqual([]);
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const sourcesOf = (f: string) => (existsSync(join(dist, 'assets', `${f}.map`)) ? (JSON.parse(readFileSync(join(dist, 'assets', `${f}.map`), 'utf8')) as { sources: string[] }).sources : []);
    const starts = scripts.filter((f) => sourcesOf(f).some((source) => source.endsWith('/src/main.tsx')));
    expect(starts.map(sourcesOf)).toEqual([[expect.stringMatching(/\/src\/main\.tsx$/)]]);
    expect(scripts.filter((f) => staticImports(`assets/${f}`).includes(starts[0]))).toEqual([]);
    // the libraries and the app's own modules carry V8's compile hint on their very first line (a
    // hint anywhere else is a comment), and their source maps were moved down a line with it
    const hinted = scripts.filter((f) => readFileSync(join(dist, 'assets', f), 'utf8').startsWith(`${COMPILE_HINT}\n`));
    expect(hinted.map((f) => f.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(['app', 'framework']);
    for (const f of hinted) expect((JSON.parse(readFileSync(join(dist, 'assets', `${f}.map`), 'utf8')) as { mappings: string }).mappings).toMatch(/^;/);
  });
});
