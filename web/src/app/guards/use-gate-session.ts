import { useDeferredValue, useMemo } from 'react';
import { useAuth } from '../../features/auth';
import type { SessionStatus } from '../../features/auth/model';
import { type CurrentUser, useCurrentUser } from '../../lib/current-user';

/**
 * The session as the screens' gates and the layout see it. A store update renders at once, in one
 * task (React renders an external store's change synchronously), so a member found by the session
 * check (or signing in) would mount the whole signed-in screen, its navigation and its styles in
 * one long task. Here the arrival of a member is deferred: the urgent render keeps what was shown
 * (the spinner), and the signed-in screens mount in a background render that React slices and
 * can interrupt. A sign-out applies at once (the screens below assume a member).
 */
export function useGateSession(): { user: CurrentUser | null; status: SessionStatus } {
  const user = useCurrentUser();
  const { status } = useAuth();
  const current = useMemo(() => ({ user, status }), [user, status]);
  const deferred = useDeferredValue(current);
  return user === null ? current : deferred;
}
