import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_TEXTS_MODULES, SCREEN_FILES_ID, type ScreenModule } from '../src/app/screen-routes.ts';

// The JavaScript budgets of issue 11, measured on the built app (web/dist): what the browser must
// fetch before the first screen of an address shows (the page's script and the chunks index.html
// preloads, with everything they import statically; the address's screen module with its files, as
// index.html lists them for the page's script to preload; and the parts of the English catalogue
// the screen waits for), and every chunk loaded later than /auth's first screen.

export const GOAL_INITIAL_KB = 100;
/**
 * The first screens measured, each with what the test enforces today (ratchets: the goal
 * of 100 KB for /auth is not reached yet). /auth: 162.2 → 164.5 KB for the page's own small script
 * (src/entry.ts) and its 'boot' chunk, which start the first screen's data, photo and chunk before
 * the app's JavaScript arrives (Lighthouse /swipe 81 → 90); → 166.5 KB for the login screen and
 * the forms library in their own chunks, which the member's screens no longer load (/swipe 211.4 →
 * 193.5 KB, /profile 178.9 → 163.3 KB; split, the same code compresses 0.6 KB worse); → 167 KB
 * (each +0.5 KB) for the libraries evaluated in a task before the app's (src/framework.ts: two
 * tasks instead of one long one) and the screen that says when a screen's code cannot be fetched;
 * → 166 KB (/swipe → 191, /profile → 162.5) with the app's own modules in one chunk instead of
 * eight small ones (each chunk's wrapping and module scope cost some bytes); /swipe → 166 KB with
 * the card stack's motion (@use-gesture, @react-spring) in a chunk loaded once the screen has
 * settled (components/card-motion.tsx); → 166.5 KB (/swipe 166.5, /profile 162.5) for main.tsx's
 * body in a chunk of its own (importing an app module must not start the app); /swipe → 164.5,
 * /profile → 160.5 KB with the long texts of the help, privacy and admin pages in a third part of
 * the catalogue, which only those pages load (i18n/catalog-parts.ts); /swipe → 165 KB for the
 * card stack's own reading of a drag made before its motion has loaded (a member's first drag right
 * after the deck appeared did nothing), and the empty deck's distance reason (164.7 KB measured);
 * /swipe → 164.5 KB with the match screen in a chunk of its own, loaded once the swipe screen has
 * settled (163.9 KB measured), and /auth at 166.4 KB for a session that could not reach the server
 * (the app opened offline) asked again once back online; /auth → 167 KB, /profile → 158.5 KB for
 * the sign-in screen saying the app is offline (166.6 and 158 KB measured) and returning the member
 * to the address they opened once back online; /auth → 167.2 KB, /swipe → 165 KB, /profile →
 * 158.8 KB (166.9, 164.7 and 158.5 KB measured) for the shared texts of the profile texts' length
 * limits (the server refuses with them and every screen may show them; the rules themselves load
 * with the profile forms only, lib/profile-text-fields.ts) and the deck's Undo held while one is
 * pending; /auth → 167.6 KB, /swipe → 165.3 KB, /profile → 159.2 KB (167.4, 165.1 and 159 KB
 * measured) for the forms checking a field as it is left and then as it is typed, the 'New message'
 * toast on every screen but Messages, and the navigation standing at the left of a phone on its side;
 * /auth → 167.9 KB, /swipe → 165.6 KB, /profile → 159.8 KB (167.7, 165.4 and 159.6 KB measured) for
 * My Profile's verification status sent with the page's first calls (app/start-early.ts) and its card
 * in the page's chunk, so that the card takes its place as the page shows instead of pushing the
 * stats down (a layout shift);
 * /auth → 167.9 KB, /swipe → 165.7 KB, /profile → 160.0 KB (as measured) for the theme's one
 * stacking scale (theme.zIndex, which every layer's z-index now reads: the photo viewer covers the
 * sheet it is opened from) and the texts saying a block or an unmatch is done (the screens' part of
 * the catalogue, which the first screens wait for); /auth → 168.0 KB, /swipe → 165.8 KB, /profile →
 * 160.1 KB (as measured) for every API call saying the app's active language (Accept-Language), so
 * that the mails come in it; /auth → 168.2 KB, /swipe → 166.1 KB, /profile → 160.3 KB (as measured)
 * for counted texts rendered without an Intl.NumberFormat (i18n/plural.ts: 30–60 ms less main
 * thread on every signed-in first screen) and a card's distance band that wraps as a whole; /auth →
 * 168.3 KB, /swipe → 166.2 KB, /profile → 160.4 KB (as measured) for the first screen's calls sent
 * once the session check shows a member this browser's storage does not hold (start-early.ts), and
 * a call sent early twice asked once; /auth → 168.4 KB, /swipe → 166.3 KB, /profile → 161.9 KB (as
 * measured) for My Profile's 'Upload Document' picking and sending the document itself (its file
 * button in the page's chunk; the document's checks load once a file is picked) instead of leading
 * to Settings' upload; /auth → 168.6 KB, /swipe → 166.6 KB, /profile → 162.1 KB (as measured) for
 * the Messages entry's count of unread conversations (features/chat/badge.ts, on every signed-in
 * screen like the Activity badge); /swipe → 166.8 KB, /profile → 162.3 KB (as measured) for
 * Settings' list of blocked members with Unblock (its texts are in the screens' part of the
 * catalogue, which those first screens wait for); /auth → 168.7 KB, /swipe → 166.9 KB, /profile →
 * 162.4 KB (as measured) for the navigation marking no entry on an address no screen shows (a 404
 * page under /profile/ marked Profile); /swipe → 167.0 KB (as measured) for the deck deciding one
 * card on a double tap of Like or Pass; /auth → 168.8 KB, /swipe → 167.1 KB, /profile → 162.5 KB
 * (as measured) for Resume of a cancelled subscription (the subscription calls are in the app's
 * chunk, which the bundler gives the modules that several screens' chunks share); /auth → 169.0 KB,
 * /swipe → 167.3 KB, /profile → 162.7 KB (as measured) for the focus lost with a screen going to
 * the next screen's heading (app/layout, lib/focus-heading.ts: loaded on demand it saved nothing);
 * /auth → 169.1 KB, /swipe → 167.4 KB, /profile → 162.9 KB (as measured) for a 320 px window: the
 * navigation's smaller labels ('Nachrichten' whole) and My Profile's photos two a row;
 * /auth → 169.4 KB, /swipe → 167.5 KB, /profile → 163.0 KB (as measured) for a common password
 * refused by the server shown on its field (lib/forms.ts, the shared text in English); /auth →
 * 169.5 KB, /swipe → 167.6 KB, /profile → 163.1 KB (as measured) for 'It's a Match!' told to the
 * member whose like came first (app/realtime-toasts.tsx, lib/matches-made-here.ts) and a toast's
 * long action going under its text; /swipe → 167.9 KB (as measured) for the deck's arrow keys
 * (features/discovery/hooks/use-deck-keys.ts); /auth → 169.6 KB, /swipe → 168.0 KB, /profile →
 * 163.2 KB (as measured) for the session's end emptying the picked photos kept for Create Profile
 * (lib/storage.ts; the keeping itself loads with Create Profile); /auth → 169.8 KB, /swipe → 168.2 KB,
 * /profile → 163.4 KB (as measured) for the session following a sign-in, a sign-out or another
 * member's sign-in made in another tab of the browser (features/auth/hooks/auth-provider.tsx);
 * /swipe → 168.3 KB (as measured) for a boost started on another device shown as on when tapped
 * (features/discovery/hooks/use-swipe-deck.ts); /swipe → 168.4 KB, /profile → 163.5 KB (as
 * measured) for Settings' own 'Confirm new password' label (its texts' part loads with them).
 */
export const FIRST_SCREENS: ReadonlyArray<{ path: string; module: ScreenModule; budgetKb: number }> = [
  { path: '/auth', module: 'account', budgetKb: 169.8 },
  { path: '/swipe', module: 'discovery', budgetKb: 168.4 },
  { path: '/profile', module: 'myProfile', budgetKb: 163.5 },
];
export const BUDGET_CHUNK_KB = 40;

export interface ChunkSize {
  file: string;
  gzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipKb = (dist: string, file: string) => kb(gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);

/** What the first screen showing `module` needs, and (`later`) every other chunk. */
export function measureBundles(dist: string, module: ScreenModule = 'account', locale = 'en') {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initialFiles: string[] = [];
  const add = (file: string) => {
    if (initialFiles.includes(file)) return;
    initialFiles.push(file);
    // a chunk's static imports (`from"./x.js"`, `import"./x.js"`) load with it
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) add(`assets/${m[1]}`);
  };
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) add(m[1]);
  const screenFiles = html.match(new RegExp(`<script type="application/json" id="${SCREEN_FILES_ID}">([^<]*)</script>`))?.[1];
  if (!screenFiles) throw new Error(`index.html lists no screen files (#${SCREEN_FILES_ID})`);
  const files = (JSON.parse(screenFiles) as Partial<Record<ScreenModule, string[]>>)[module];
  if (!files?.length) throw new Error(`index.html lists no files for the screen module ${module}`);
  files.forEach((file) => add(file.replace(/^\//, '')));
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const parts = FIRST_TEXTS_MODULES.includes(module) ? ['first'] : ['first', 'screens'];
  for (const part of parts) {
    const catalogue = assets.find((f) => f.startsWith(`_aero-catalog_${part}_${locale}-`));
    if (catalogue) initialFiles.push(`assets/${catalogue}`);
  }
  const initial: ChunkSize[] = initialFiles.map((file) => ({ file, gzipKb: gzipKb(dist, file) }));
  const later: ChunkSize[] = assets
    .map((f) => `assets/${f}`)
    .filter((file) => !initialFiles.includes(file))
    .map((file) => ({ file, gzipKb: gzipKb(dist, file) }));
  const initialKb = kb(initial.reduce((sum, c) => sum + c.gzipKb * 1024, 0));
  return { initial, initialKb, later };
}

/** The report: each first screen's total, /auth's files, the later chunks. */
export function formatReport(dist: string): string {
  const line = (c: ChunkSize) => `  ${c.gzipKb.toFixed(1).padStart(6)} KB  ${c.file}`;
  const [auth, ...others] = FIRST_SCREENS;
  const m = measureBundles(dist, auth.module);
  return [
    `JavaScript before the first screen of ${auth.path}: ${m.initialKb.toFixed(1)} KB gzip (budget ${auth.budgetKb} KB; goal ${GOAL_INITIAL_KB} KB)`,
    ...m.initial.map(line),
    ...others.map((s) => `JavaScript before the first screen of ${s.path}: ${measureBundles(dist, s.module).initialKb.toFixed(1)} KB gzip (budget ${s.budgetKb} KB)`),
    `Chunks loaded later than ${auth.path}'s (budget ${BUDGET_CHUNK_KB} KB each):`,
    ...[...m.later].sort((a, b) => b.gzipKb - a.gzipKb).map(line),
  ].join('\n');
}
