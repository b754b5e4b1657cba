import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import type { ApiError } from '../../../lib/http';
import { forgetPushSubscription } from '../../../lib/push-subscription';
import { authApi } from '../api/auth-api';
import { decideSessionFailure } from '../lib/session-failure';
import { cacheUser, clearCachedUser } from '../lib/user-cache';
import { loggedIn, loggedOut, sessionFetchFailed, userLoaded, userUpdated, type SessionState, type SessionStatus } from '../slices/session-slice';
import type { User } from '../types/user';

export interface AuthContextValue {
  user: User | null;
  status: SessionStatus;
  /** Stores and caches the user after a login or verification. */
  login(user: User): void;
  /** Calls the server (ignoring its failure), then clears the user and the cache. */
  logout(): Promise<void>;
  /** Fetches the current user again; resolves with it (or null) or rejects with ApiError. */
  refreshUser(): Promise<User | null>;
  /** Applies a local change to the user and re-caches it. */
  updateUser(patch: Partial<User>): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

type RootLike = { session: SessionState };
type AppDispatchLike = ThunkDispatch<RootLike, unknown, UnknownAction>;

/**
 * Owns the session (spec §4): fetches the current user on load, caches it in the browser,
 * clears it on 404/failure (unless a login happened meanwhile), and on 401 logs out and calls
 * `onUnauthorized` (the app navigates to /) when someone was signed in.
 */
export function AuthProvider({ children, onUnauthorized }: { children: ReactNode; onUnauthorized?: () => void }) {
  const dispatch = useDispatch<AppDispatchLike>();
  const store = useStore<RootLike>();
  const user = useSelector((s: RootLike) => s.session.user);
  const status = useSelector((s: RootLike) => s.session.status);
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;

  const clearLocal = useCallback(() => {
    dispatch(loggedOut());
    clearCachedUser();
    dispatch(api.util.resetApiState());
  }, [dispatch]);

  const logout = useCallback(async () => {
    // this browser stops receiving the member's pushes (asked while the session still lasts)
    await forgetPushSubscription().catch(() => undefined);
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch {
      /* the spec ignores logout failures */
    }
    clearLocal();
  }, [dispatch, clearLocal]);

  const fetchCurrentUser = useCallback(async () => {
    const request = dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }));
    return request.unwrap();
  }, [dispatch]);

  const refreshUser = useCallback(async () => {
    const fresh = await fetchCurrentUser();
    if (fresh) {
      dispatch(userLoaded(fresh));
      cacheUser(fresh);
    }
    return fresh;
  }, [dispatch, fetchCurrentUser]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const loginSeqAtStart = store.getState().session.loginSeq;
    fetchCurrentUser().then(
      (fresh) => {
        if (fresh) {
          dispatch(userLoaded(fresh));
          cacheUser(fresh);
        } else {
          dispatch(sessionFetchFailed({ notFound: true, loginSeqAtStart }));
          clearCachedUser();
        }
      },
      (error: ApiError) => {
        const { session } = store.getState();
        const action = decideSessionFailure({ status: error?.status ?? 0, hadUser: session.user !== null, loggedInMeanwhile: session.loginSeq !== loginSeqAtStart });
        if (action === 'keep') {
          dispatch(sessionFetchFailed({ notFound: false, loginSeqAtStart }));
        } else if (action === 'logout-and-go-home') {
          clearLocal();
          onUnauthorizedRef.current?.();
        } else {
          dispatch(sessionFetchFailed({ notFound: false, loginSeqAtStart }));
          clearCachedUser();
        }
      },
    );
  }, [dispatch, store, fetchCurrentUser, clearLocal]);

  const login = useCallback(
    (next: User) => {
      dispatch(loggedIn(next));
      cacheUser(next);
    },
    [dispatch],
  );

  const updateUser = useCallback(
    (patch: Partial<User>) => {
      dispatch(userUpdated(patch));
      const current = store.getState().session.user;
      if (current) cacheUser(current);
    },
    [dispatch, store],
  );

  const value = useMemo<AuthContextValue>(() => ({ user, status, login, logout, refreshUser, updateUser }), [user, status, login, logout, refreshUser, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
