import type { Unsubscribe } from '@reduxjs/toolkit';
import { selectSessionStatus, type SessionState } from '../../features/auth/model';
import { hasCompleteProfile, selectCurrentUser, type StateWithCurrentUser } from '../../lib/current-user';

interface SessionStore {
  getState(): StateWithCurrentUser & { session: SessionState };
  subscribe(listener: () => void): Unsubscribe;
}

/**
 * Runs `then` once a member with a complete profile is signed in: at once for the user this
 * browser remembers, else when the session check finds one; never when it ends signed out.
 */
export function whenSignedIn(store: SessionStore, then: () => void): void {
  const signedIn = () => hasCompleteProfile(selectCurrentUser(store.getState()));
  if (signedIn()) return then();
  const unsubscribe = store.subscribe(() => {
    if (signedIn()) {
      unsubscribe();
      then();
    } else if (selectSessionStatus(store.getState()) !== 'loading') unsubscribe();
  });
}
