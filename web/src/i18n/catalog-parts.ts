// The catalogue in three parts, so a screen fetches only the texts it may show: the first part holds
// what the sign-in, reset and welcome screens, the app shell (navigation, toasts, install card,
// update prompt, connection toasts), the gate and the 404 page show, and the shared validation
// texts; the screens' texts load in the background and every lazily loaded screen waits for them;
// the long texts of the pages few open (help, the privacy policy, the admin section) come only
// with those pages. Pure: the build (web/build/compiled-catalogs.ts) and the unit tests use it too.

export const FIRST_SCREEN_SECTIONS: readonly string[] = ['app', 'auth', 'common', 'gate', 'install', 'messages', 'nav', 'notFound', 'pwa', 'realtime', 'reset', 'toast', 'welcome'];

/** the sections only their own pages show (web/src/features/<section>: a unit test keeps them there) */
export const PAGE_SECTIONS: readonly string[] = ['admin', 'help', 'privacy'];

export type CatalogPart = 'first' | 'screens' | 'pages';

/** the part a message id belongs to, by its section (`auth.signIn.title` → `auth`) */
export function catalogPartOf(id: string): CatalogPart {
  const section = id.slice(0, id.indexOf('.'));
  if (FIRST_SCREEN_SECTIONS.includes(section)) return 'first';
  return PAGE_SECTIONS.includes(section) ? 'pages' : 'screens';
}
