import { loadCachedUser, type SessionState } from '../features/auth/model';

/** Session state at start-up: the cached user (if any), still waiting for the server. */
export function initialSessionStateWith(): SessionState {
  return { user: loadCachedUser(), status: 'loading', loginSeq: 0 };
}
