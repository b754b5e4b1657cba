import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../types/user';

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  user: User | null;
  /** 'loading' until the first current-user fetch has answered. */
  status: SessionStatus;
  /** Incremented on every login, so a late failed session fetch does not undo it. */
  loginSeq: number;
}

export const initialSessionState: SessionState = { user: null, status: 'loading', loginSeq: 0 };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A successful login or verification. */
    loggedIn(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.loginSeq += 1;
    },
    /** The current-user fetch answered with a user. */
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'ready';
    },
    /** Local changes to the user (e.g. subscription found active, user type chosen). */
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    /**
     * The current-user fetch found no user (404) or failed. Failures clear the user unless a
     * login happened after the fetch started (spec §4).
     */
    sessionFetchFailed(state, action: PayloadAction<{ notFound: boolean; loginSeqAtStart: number }>) {
      state.status = 'ready';
      if (action.payload.notFound || state.loginSeq === action.payload.loginSeqAtStart) state.user = null;
    },
    loggedOut(state) {
      state.user = null;
      state.status = 'ready';
    },
  },
});

export const { loggedIn, userLoaded, userUpdated, sessionFetchFailed, loggedOut } = sessionSlice.actions;

export const selectUser = (state: { session: SessionState }) => state.session.user;
export const selectSessionStatus = (state: { session: SessionState }) => state.session.status;
