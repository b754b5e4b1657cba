import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The JavaScript budgets of issue 11, measured on the built app (web/dist): what the browser must
// fetch before the first screen of /auth shows (the entry script and the chunks index.html preloads,
// with everything they import statically, and the first part of the English catalogue, loaded before
// the first render), and every chunk loaded later.

export const GOAL_INITIAL_KB = 100;
/**
 * What the test enforces today (a ratchet): the goal of 100 KB is not reached yet. (162.2 →
 * 164.5 KB for the page's own small script, src/entry.ts, and its 'boot' chunk: they start the first
 * screen's data, photos and chunk before the app's 160 KB arrive; Lighthouse on /swipe 81 → 89.)
 */
export const BUDGET_INITIAL_KB = 164.5;
export const BUDGET_CHUNK_KB = 40;

export interface ChunkSize {
  file: string;
  gzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipKb = (dist: string, file: string) => kb(gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);

export function measureBundles(dist: string, initialLocale = 'en') {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initialFiles: string[] = [];
  const add = (file: string) => {
    if (initialFiles.includes(file)) return;
    initialFiles.push(file);
    // a chunk's static imports (`from"./x.js"`, `import"./x.js"`) load with it
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) add(`assets/${m[1]}`);
  };
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) add(m[1]);
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const catalogue = assets.find((f) => f.startsWith(`_aero-catalog_first_${initialLocale}-`));
  if (catalogue) initialFiles.push(`assets/${catalogue}`);
  const initial: ChunkSize[] = initialFiles.map((file) => ({ file, gzipKb: gzipKb(dist, file) }));
  const later: ChunkSize[] = assets
    .map((f) => `assets/${f}`)
    .filter((file) => !initialFiles.includes(file))
    .map((file) => ({ file, gzipKb: gzipKb(dist, file) }));
  const initialKb = kb(initial.reduce((sum, c) => sum + c.gzipKb * 1024, 0));
  return { initial, initialKb, later };
}

export function formatReport(m: ReturnType<typeof measureBundles>): string {
  const line = (c: ChunkSize) => `  ${c.gzipKb.toFixed(1).padStart(6)} KB  ${c.file}`;
  return [
    `JavaScript before the first screen of /auth: ${m.initialKb.toFixed(1)} KB gzip (budget ${BUDGET_INITIAL_KB} KB; goal ${GOAL_INITIAL_KB} KB)`,
    ...m.initial.map(line),
    `Chunks loaded later (budget ${BUDGET_CHUNK_KB} KB each):`,
    ...[...m.later].sort((a, b) => b.gzipKb - a.gzipKb).map(line),
  ].join('\n');
}
