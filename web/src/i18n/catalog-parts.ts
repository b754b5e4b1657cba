// The catalogue in two parts, so the first screen fetches only its own texts: the first part holds
// what the sign-in, reset and welcome screens, the app shell (navigation, toasts, install card,
// update prompt, connection toasts), the gate and the 404 page show, and the shared validation
// texts; the screens' texts load in the background and every lazily loaded screen waits for them.
// Pure: the build (web/build/compiled-catalogs.ts) and the unit tests use it too.

export const FIRST_SCREEN_SECTIONS: readonly string[] = ['app', 'auth', 'common', 'gate', 'install', 'messages', 'nav', 'notFound', 'pwa', 'realtime', 'reset', 'toast', 'welcome'];

export type CatalogPart = 'first' | 'screens';

/** the part a message id belongs to, by its section (`auth.signIn.title` → `auth`) */
export const catalogPartOf = (id: string): CatalogPart => (FIRST_SCREEN_SECTIONS.includes(id.slice(0, id.indexOf('.'))) ? 'first' : 'screens');
