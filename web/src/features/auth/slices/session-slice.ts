import { createSlice } from '@reduxjs/toolkit';

// What the session is besides the user (the user is the current-user cache entry, lib/current-user).
export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  /** 'loading' until the first current-user fetch has answered. */
  status: SessionStatus;
  /** Incremented on every login, so a late failed session fetch does not undo it. */
  loginSeq: number;
}

export const initialSessionState: SessionState = { status: 'loading', loginSeq: 0 };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A successful login or verification. */
    loggedIn(state) {
      state.loginSeq += 1;
    },
    /** The current-user fetch on load has answered (a user, none, or a failure). */
    sessionSettled(state) {
      state.status = 'ready';
    },
    loggedOut(state) {
      state.status = 'ready';
    },
  },
});

export const { loggedIn, sessionSettled, loggedOut } = sessionSlice.actions;

export const selectSessionStatus = (state: { session: SessionState }) => state.session.status;
