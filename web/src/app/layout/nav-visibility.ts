// Bottom navigation rules of spec §2.
export const NAV_HIDDEN_PREFIXES = ['/auth', '/welcome', '/register', '/settings', '/privacy', '/help'] as const;

export function isBottomNavVisible(pathname: string, signedIn: boolean): boolean {
  if (!signedIn) return false;
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
