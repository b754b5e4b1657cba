import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import { fetchFresh } from '../../../lib/fetch-fresh';
import { type CurrentUser, currentUserApi, selectCurrentUser, setCurrentUser, type StateWithCurrentUser } from '../../../lib/current-user';
import { type ApiError, forgetEarlyAnswers } from '../../../lib/http';
import { forgetLogoutPending, logoutPending, rememberLogoutPending } from '../../../lib/pending-logout';
import { closeShownNotifications, forgetPushSubscription } from '../../../lib/push-subscription';
import { clearSessionArea } from '../../../lib/storage';
import { authApi } from '../api/auth-api';
import { loggedIn, loggedOut, sessionSettled, type SessionState } from '../slices/session-slice';
import { decideSessionFailure, type SessionFailureAction } from './session-failure';

// The session rules of spec §4 as thunks over the one current-user entry (lib/current-user);
// the AuthProvider runs them, unit tests run them on a store.

export type SessionRoot = StateWithCurrentUser & { session: SessionState };
type SessionThunk<R> = ThunkAction<R, SessionRoot, unknown, UnknownAction>;

/** Asks the server for the current user (retrying as spec §7 says); the answer becomes the entry. Rejects with ApiError. */
export const fetchCurrentUser = (): SessionThunk<Promise<CurrentUser | null>> => (dispatch) =>
  fetchFresh(dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true })));

/**
 * How the start-up's session check ended (the AuthProvider goes to / on 'logout-and-go-home');
 * 'unreachable': cleared because the server could not be reached (the app opened offline), so the
 * AuthProvider asks again once the browser is back online.
 */
export type SessionStartOutcome = 'signed-in' | 'signed-out' | 'unreachable' | SessionFailureAction;

/** whether a call's refusal says the session is gone already (a logout has nothing left to end) */
const sessionGone = (error: unknown) => [401, 404].includes((error as ApiError | undefined)?.status ?? 0);

/**
 * Sends the sign-out the server did not hear, if any (lib/pending-logout.ts): at start-up, and
 * while the app stays open when the connection comes back. False while it still cannot be sent.
 */
export const sendPendingLogout = (): SessionThunk<Promise<boolean>> => async (dispatch) => {
  if (!logoutPending()) return true;
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch (error) {
    if (!sessionGone(error)) return false;
  }
  // (a sign-in meanwhile forgot it: the cookie is the new session's, and the logout sent before it ended the old one)
  forgetLogoutPending();
  forgetEarlyAnswers();
  return true;
};

/**
 * On load: a sign-out the server did not hear is sent first (lib/pending-logout.ts); while it
 * cannot be, nobody is signed in ('unreachable': asked again once online). Then fetch the current
 * user. Success sets it, a 404 clears it (and, for the member this browser remembered, all that
 * was theirs: endSessionLocally); any other failure clears it too unless a login happened
 * meanwhile (a network error: 'unreachable'), and a 401 for someone we believed signed in logs out
 * ('logout-and-go-home': the caller goes to /).
 */
export const startSession = (): SessionThunk<Promise<SessionStartOutcome>> => async (dispatch, getState) => {
  const loginSeqAtStart = getState().session.loginSeq;
  if (!(await dispatch(sendPendingLogout()))) {
    dispatch(setCurrentUser(null));
    dispatch(sessionSettled());
    return 'unreachable';
  }
  const remembered = selectCurrentUser(getState()) !== null;
  try {
    const user = await dispatch(fetchCurrentUser());
    // the session of the member this browser remembers ended while the app was closed (it idled out,
    // or was too old): nothing of theirs stays, their pushes included, as when it ends while open
    if (!user && remembered && getState().session.loginSeq === loginSeqAtStart) dispatch(endSessionLocally());
    dispatch(setCurrentUser(user));
    dispatch(sessionSettled());
    return user ? 'signed-in' : 'signed-out';
  } catch (error) {
    const state = getState();
    const status = (error as ApiError | undefined)?.status ?? 0;
    const action = decideSessionFailure({
      status,
      hadUser: selectCurrentUser(state) !== null,
      loggedInMeanwhile: state.session.loginSeq !== loginSeqAtStart,
    });
    if (action === 'logout-and-go-home') dispatch(endSessionLocally());
    else if (action === 'clear') dispatch(setCurrentUser(null));
    dispatch(sessionSettled());
    return action === 'clear' && status === 0 ? 'unreachable' : action;
  }
};

/** A login or verification answered with the user: it becomes the current user (nothing asked for before it is taken). */
export const logIn =
  (user: CurrentUser): SessionThunk<void> =>
  (dispatch) => {
    forgetEarlyAnswers();
    forgetLogoutPending();
    dispatch(loggedIn());
    dispatch(setCurrentUser(user));
  };

/**
 * Forgets the user and every cached answer of theirs, early ones too (the stored copy follows the
 * entry), what the tab kept for them, the notifications shown, and this browser's push subscription (a session ended
 * elsewhere, by a logout on another device, a password change or a ban, leaves no browser
 * receiving the member's pushes; the server's copy goes when its push service refuses it).
 */
export const endSessionLocally = (): SessionThunk<void> => (dispatch) => {
  forgetEarlyAnswers();
  clearSessionArea();
  void forgetPushSubscription(async () => undefined).catch(() => undefined);
  void closeShownNotifications().catch(() => undefined);
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
};

/**
 * Logout: calls the server, ignores its failure (spec), then clears the user and the cache. A
 * failure that may have left the session alive (the server not reached, or failing) is remembered,
 * and the session ended at the next start-up (lib/pending-logout.ts).
 */
export const logOut = (): SessionThunk<Promise<void>> => async (dispatch) => {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch (error) {
    if (!sessionGone(error)) rememberLogoutPending();
  }
  dispatch(endSessionLocally());
};
