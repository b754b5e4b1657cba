import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { onUnauthorizedResponse } from '../../../lib/api';
import { type CurrentUser, currentUserApi, loadPersistedUser, useCurrentUser, USER_CACHE_KEY } from '../../../lib/current-user';
import { forgetPushSubscription } from '../../../lib/push-subscription';
import { logoutPending } from '../../../lib/pending-logout';
import { onStoredElsewhere } from '../../../lib/storage';
import { endSessionLocally, fetchCurrentUser, logIn, logOut, sendPendingLogout, type SessionRoot, type SessionStartOutcome, startSession } from '../lib/session';
import { selectSessionStatus, type SessionStatus } from '../slices/session-slice';

/** The session's actions; the user itself is read with `useCurrentUser()` (lib/current-user). */
export interface AuthContextValue {
  status: SessionStatus;
  /** Makes the user of a login or verification the current user. */
  login(user: CurrentUser): void;
  /** Calls the server (ignoring its failure), then clears the user and the cache. */
  logout(): Promise<void>;
  /** Fetches the current user again; resolves with it (or null) or rejects with ApiError. */
  refreshUser(): Promise<CurrentUser | null>;
  /** nobody is signed in because the session check could not reach the server (the app opened offline): it is being made again */
  unreachable: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** how often a session check that could not reach the server is made again (besides when the browser comes back online) */
const SESSION_RECHECK_MS = 30_000;

type AppDispatchLike = ThunkDispatch<SessionRoot, unknown, UnknownAction>;

/**
 * Runs the session (spec §4): fetches the current user on load and, on a 401 for someone who was
 * signed in, logs out and calls `onUnauthorized` (the app navigates to /). The same goes for a 401
 * on any later call while signed in (the session ended elsewhere: a logout on another device, a
 * password change, a ban), not only on the current-user call. While someone is signed
 * in it keeps the current-user entry subscribed, so an invalidation fetches it again instead of
 * dropping it. `started` is the check the app began at start-up, before its first render (else the
 * provider begins it once mounted). A check that could not reach the server (the app opened
 * offline, on a plane) is made again when the browser comes back online, the page is shown again
 * and every half minute, until it reaches the server or someone signs in; a member it finds calls
 * `onResumed`.
 */
export function AuthProvider({
  children,
  onUnauthorized,
  onResumed,
  started,
}: {
  children: ReactNode;
  onUnauthorized?: () => void;
  onResumed?: () => void;
  started?: Promise<SessionStartOutcome>;
}) {
  const dispatch = useDispatch<AppDispatchLike>();
  const status = useSelector(selectSessionStatus);
  const signedIn = useCurrentUser() !== null;
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  const onResumedRef = useRef(onResumed);
  onResumedRef.current = onResumed;
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  const statusRef = useRef(status);
  statusRef.current = status;

  useEffect(
    () =>
      onUnauthorizedResponse((endpoint) => {
        // a wrong password on sign-in is a 401 too, for nobody signed in; the start-up's own
        // current-user call is decided by startSession (a login may have happened meanwhile)
        if (!signedInRef.current || (endpoint === 'getCurrentUser' && statusRef.current === 'loading')) return;
        signedInRef.current = false;
        dispatch(endSessionLocally());
        onUnauthorizedRef.current?.();
      }),
    [dispatch],
  );

  // another tab of this browser signed in, out, or as someone else (its copy of the user, in
  // localStorage, changed: lib/current-user): this tab's cookie is theirs, so the server is asked
  // whom it is now. Someone signed in leaves the sign-in screen as a member found again does; a
  // member who is no longer the cookie's ends here too (no screen of theirs stays open, nor sends
  // as someone else), and the new member, if any, takes their place.
  const userId = useCurrentUser()?.id ?? null;
  const userIdRef = useRef(userId);
  userIdRef.current = userId;
  useEffect(() => {
    return onStoredElsewhere(USER_CACHE_KEY, () => {
      const mine = userIdRef.current;
      if ((loadPersistedUser()?.id ?? null) === mine) return;
      // a sign-out there the server did not hear (offline): the cookie still answers, but the member
      // signed out; this tab follows without asking (the one that signed out sends it when it can)
      if (logoutPending()) {
        if (!mine) return;
        signedInRef.current = false;
        dispatch(endSessionLocally());
        onUnauthorizedRef.current?.();
        return;
      }
      void dispatch(fetchCurrentUser()).then(
        (user) => {
          if (!mine) {
            if (!user) return;
            dispatch(logIn(user));
            onResumedRef.current?.();
            return;
          }
          if (user?.id === mine) return;
          signedInRef.current = false;
          dispatch(endSessionLocally());
          if (user) dispatch(logIn(user));
          onUnauthorizedRef.current?.();
        },
        // (the server could not be reached: nothing is known, nothing changes)
        () => undefined,
      );
    });
  }, [dispatch]);

  const startedRef = useRef(started);
  const begun = useRef(false);
  // `unreachable` arms the checks made again (each clears it); `lastUnreachable` is what the screens are told
  const [unreachable, setUnreachable] = useState(false);
  const [lastUnreachable, setLastUnreachable] = useState(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    void (startedRef.current ?? dispatch(startSession())).then((outcome) => {
      if (outcome === 'logout-and-go-home') onUnauthorizedRef.current?.();
      setUnreachable(outcome === 'unreachable');
      setLastUnreachable(outcome === 'unreachable');
    });
  }, [dispatch]);

  useEffect(() => {
    if (!unreachable || signedIn) return;
    // when the browser says it is back online, the page is shown again, or every half minute (a
    // plane's Wi-Fi is 'online' long before it reaches anything)
    const again = () => {
      if (document.hidden) return;
      setUnreachable(false);
      void dispatch(startSession()).then((outcome) => {
        if (outcome === 'signed-in') onResumedRef.current?.();
        setUnreachable(outcome === 'unreachable');
        setLastUnreachable(outcome === 'unreachable');
      });
    };
    const timer = window.setInterval(again, SESSION_RECHECK_MS);
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [dispatch, unreachable, signedIn]);

  // a sign-out the server did not hear is sent once it can be (back online, the page shown again,
  // every half minute) while the app stays open: the session ends without waiting for a start-up
  useEffect(() => {
    if (signedIn) return;
    const send = () => {
      if (!document.hidden && logoutPending()) void dispatch(sendPendingLogout());
    };
    const timer = window.setInterval(send, SESSION_RECHECK_MS);
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', send);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', send);
    };
  }, [dispatch, signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    // the entry holds a user: subscribing fetches nothing
    const subscription = dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined));
    return () => subscription.unsubscribe();
  }, [dispatch, signedIn]);

  const logout = useCallback(async () => {
    // this browser stops receiving the member's pushes (asked while the session still lasts)
    await forgetPushSubscription().catch(() => undefined);
    await dispatch(logOut());
  }, [dispatch]);
  const login = useCallback((user: CurrentUser) => dispatch(logIn(user)), [dispatch]);
  const refreshUser = useCallback(() => dispatch(fetchCurrentUser()), [dispatch]);

  const shownUnreachable = lastUnreachable && !signedIn;
  const value = useMemo<AuthContextValue>(() => ({ status, login, logout, refreshUser, unreachable: shownUnreachable }), [status, login, logout, refreshUser, shownUnreachable]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
