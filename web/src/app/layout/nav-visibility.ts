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
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Discover', to: '/swipe' },
  { label: 'Messages', to: '/messages' },
  { label: 'Activity', to: '/notifications' },
  { label: 'Profile', to: '/profile' },
];

/** Discover is also active on /; the others on their path and anything below it. */
export function isNavEntryActive(entry: NavEntry, pathname: string): boolean {
  if (entry.to === '/swipe' && pathname === '/') return true;
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
