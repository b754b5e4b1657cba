import type { ScreenModule } from './screen-routes';

// The lazily loaded screen modules (each its own chunk; screen-routes.ts says which route shows
// which): the router imports them. Only the router imports this file: a dynamic import from the
// page's first script would make the bundler split what the screens share with the app into many
// small chunks.

export const screenModules = {
  account: () => import('../features/auth/account-screens'),
  profile: () => import('./pages/profile-pages'),
  myProfile: () => import('./pages/my-profile-page'),
  subscription: () => import('./pages/subscription-page'),
  discovery: () => import('./pages/discovery-pages'),
  match: () => import('./pages/match-page'),
  chat: () => import('./pages/chat-pages'),
  activity: () => import('./pages/activity-pages'),
  static: () => import('./pages/static-pages'),
} satisfies Record<ScreenModule, () => Promise<unknown>>;

