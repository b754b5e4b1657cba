import { type CurrentUser, needsSubscription } from '../../lib/current-user';

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
  /** its route takes one more segment (`/messages/:matchId?`; a unit test keeps this as the route table has it) */
  withId?: true;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Discover', to: '/swipe' },
  { label: 'Messages', to: '/messages', withId: true },
  { label: 'Activity', to: '/notifications' },
  { label: 'Profile', to: '/profile' },
];

/**
 * Discover is also active on /; each entry on its screen's addresses (`/messages` and
 * `/messages/12`), not on an address below it that no screen shows (the 404 page).
 */
export function isNavEntryActive(entry: NavEntry, pathname: string): boolean {
  if (entry.to === '/swipe' && pathname === '/') return true;
  // '/messages/12/' → ['', 'messages', '12', ''] (a trailing slash is the same screen)
  const [, first, id, more] = pathname.split('/');
  return `/${first}` === entry.to && (!id || (entry.withId === true && !more));
}
