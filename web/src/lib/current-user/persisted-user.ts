import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { removeKey, writeJson } from '../storage';
import { selectCurrentUser, setCurrentUser, type StateWithCurrentUser } from './current-user';
import { loadPersistedUser, USER_CACHE_KEY } from './current-user-view';

// localStorage is a copy of the current-user entry, never a second state: it is written whenever
// the entry changes (removed when there is no user) and read once, at start-up, to seed the
// first render while the server is asked (spec §4 Session: the user is cached in the browser).

/** Start-up: the stored copy becomes the entry until the server answers. */
export function seedCurrentUser(dispatch: Dispatch<UnknownAction>): void {
  const user = loadPersistedUser();
  if (user) dispatch(setCurrentUser(user));
}

/** Keeps the stored copy equal to the entry from now on; returns the unsubscribe. */
export function persistCurrentUser(store: { getState(): StateWithCurrentUser; subscribe(listener: () => void): () => void }): () => void {
  let last = selectCurrentUser(store.getState());
  return store.subscribe(() => {
    const user = selectCurrentUser(store.getState());
    if (user === last) return;
    last = user;
    if (user) writeJson(USER_CACHE_KEY, user);
    else removeKey(USER_CACHE_KEY);
  });
}
