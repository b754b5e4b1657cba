// Where a signed-out visitor goes (spec §6): to /auth from swipe and subscribe (the gate), and to
// / from chat, notifications, profile, settings, help and privacy.
export const SIGNED_OUT_HOME_PREFIXES = ['/messages', '/notifications', '/profile', '/settings', '/help', '/privacy'] as const;

export function signedOutTarget(pathname: string): '/' | '/auth' {
  return SIGNED_OUT_HOME_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? '/' : '/auth';
}
