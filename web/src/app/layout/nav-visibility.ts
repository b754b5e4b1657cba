import { type CurrentUser, needsSubscription } from '../../lib/current-user';
import { SCREEN_ROUTES } from '../screen-routes';

// Bottom navigation rules of spec §2.
export const NAV_HIDDEN_PREFIXES = ['/auth', '/welcome', '/register', '/settings', '/privacy', '/help'] as const;

/** Shown to a signed-in member, but not where spec §2 hides it, nor on /subscribe to one who must pay first (the gate sends every entry back there). */
export function isBottomNavVisible(pathname: string, user: CurrentUser | null): boolean {
  if (!user || (pathname.startsWith('/subscribe') && needsSubscription(user))) return false;
  return !NAV_HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export interface NavEntry {
  label: 'Discover' | 'Messages' | 'Activity' | 'Profile';
  to: string;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Discover', to: '/swipe' },
  { label: 'Messages', to: '/messages' },
  { label: 'Activity', to: '/notifications' },
  { label: 'Profile', to: '/profile' },
];

/**
 * Discover is also active on /; each entry on its screen's addresses, as the routes have them
 * (`/messages/:matchId?`: `/messages` and `/messages/12`), not on an address below it that no
 * screen shows (the 404 page).
 */
export function isNavEntryActive(entry: NavEntry, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (entry.to === '/swipe' && path === '/') return true;
  if (path === entry.to) return true;
  const takesOneMore = SCREEN_ROUTES.some((r) => r.path.startsWith(`${entry.to.slice(1)}/:`));
  return takesOneMore && path.startsWith(`${entry.to}/`) && !path.slice(entry.to.length + 1).includes('/');
}
