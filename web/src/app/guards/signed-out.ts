// Where a signed-out visitor goes (spec §6): to /auth from swipe and subscribe (the gate), and to
// / from chat, notifications, profile, settings, help and privacy.
export const SIGNED_OUT_HOME_PREFIXES = ['/messages', '/notifications', '/profile', '/settings', '/help', '/privacy'] as const;

export function signedOutTarget(pathname: string): '/' | '/auth' {
  return SIGNED_OUT_HOME_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? '/' : '/auth';
}

/**
 * Where a member found again once back online goes, when the app was opened offline and sent them
 * to the sign-in screen (at /auth, or at / which shows it): the address the app was opened at (a
 * deep link to a chat, say), or their home when that was the sign-in screen itself. Null when they
 * have gone on elsewhere meanwhile.
 */
export function resumedTarget(openedAt: string, pathname: string): string | null {
  if (pathname !== '/auth' && pathname !== '/') return null;
  const opened = openedAt.split(/[?#]/, 1)[0];
  return opened === '/auth' || opened.startsWith('/auth/') ? '/' : openedAt;
}
