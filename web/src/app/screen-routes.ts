// The lazily loaded screens of spec §2's route table: which module (its own chunk) each route
// shows, and which source file each module is. Plain data and DOM calls, no imports: the page's
// first script (start-early.ts) starts the address's screen downloading before the app has loaded,
// without importing it (index.html lists each module's files: build/preload-app.ts, which reads
// this file too); the router imports the modules (screen-modules.ts) and renders them.

/** each screen module's source file (from web/), as the build names its chunk's files by it */
export const SCREEN_SOURCES = {
  account: 'src/features/auth/account-screens.ts',
  profile: 'src/app/pages/profile-pages.tsx',
  myProfile: 'src/app/pages/my-profile-page.tsx',
  subscription: 'src/app/pages/subscription-page.tsx',
  discovery: 'src/app/pages/discovery-pages.tsx',
  match: 'src/app/pages/match-page.tsx',
  chat: 'src/app/pages/chat-pages.tsx',
  activity: 'src/app/pages/activity-pages.tsx',
  static: 'src/app/pages/static-pages.tsx',
} as const;

export type ScreenModule = keyof typeof SCREEN_SOURCES;

/** the id of index.html's list of each screen module's files (JSON: module → paths) */
export const SCREEN_FILES_ID = 'aero-screen-files';

/** each lazily loaded route (a path of react-router) and the module that shows it */
export const SCREEN_ROUTES = [
  { path: 'auth', module: 'account' },
  { path: 'welcome', module: 'account' },
  { path: 'register', module: 'profile' },
  { path: 'subscribe', module: 'subscription' },
  { path: 'swipe', module: 'discovery' },
  { path: 'match/:matchId?', module: 'match' },
  { path: 'messages/:matchId?', module: 'chat' },
  { path: 'notifications', module: 'activity' },
  { path: 'profile', module: 'myProfile' },
  { path: 'settings', module: 'profile' },
  { path: 'admin', module: 'profile' },
  { path: 'privacy', module: 'static' },
  { path: 'help', module: 'static' },
  { path: 'reset-password/*', module: 'account' },
] as const satisfies ReadonlyArray<{ path: string; module: ScreenModule }>;

export type ScreenPath = (typeof SCREEN_ROUTES)[number]['path'];

/** the address's first segment (`/messages/abc` → `messages`) */
export const firstSegment = (pathname: string): string => pathname.split('/')[1] ?? '';

/** the modules whose screens render with the first part of the texts (the others wait for the screens' part too) */
export const FIRST_TEXTS_MODULES: readonly ScreenModule[] = ['account'];

/**
 * The module of the lazily loaded screen at `pathname`, if it shows one; `/` shows the swipe
 * screen to a member (`member`: one is known, as this browser remembers), else the login screen.
 */
export function screenModuleAt(pathname: string, member: boolean): ScreenModule | undefined {
  const segment = firstSegment(pathname);
  if (segment === '') return member ? 'discovery' : 'account';
  return SCREEN_ROUTES.find((r) => r.path.split('/')[0] === segment)?.module;
}

/**
 * Starts downloading the files of a screen module (its chunk and the chunks it imports) as
 * index.html lists them, without evaluating them: the router imports the module once the app has
 * loaded. Nothing when the page has no list (the development server).
 */
export function preloadScreenFiles(module: ScreenModule): void {
  let files: string[] | undefined;
  try {
    files = (JSON.parse(document.getElementById(SCREEN_FILES_ID)?.textContent ?? '{}') as Partial<Record<ScreenModule, string[]>>)[module];
  } catch {
    return;
  }
  for (const href of files ?? []) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}
