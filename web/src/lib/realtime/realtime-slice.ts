import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectionError, ConnectionStatus } from './connection-machine';

// Client state of the real-time channel: the connection state of spec §4 and who is online (the
// one place the app asks whether a member is online).
export interface RealtimeState {
  status: ConnectionStatus;
  error: ConnectionError | null;
  onlineUserIds: string[];
  /** when (ms) the set was last emptied (the connection went down) */
  since: number;
  /** when (ms) what the set says of each member was told */
  toldAt: Record<string, number>;
  /** whether the connection's first attempt is over (authenticated, refused or failed): what can wait for it asks then (useConnectionSettled) */
  attempted: boolean;
}

export const initialRealtimeState: RealtimeState = { status: 'disconnected', error: null, onlineUserIds: [], since: 0, toldAt: {}, attempted: false };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: initialRealtimeState,
  reducers: {
    connectionChanged(state, { payload }: PayloadAction<{ status: ConnectionStatus; error: ConnectionError | null; at: number }>) {
      if (payload.status !== 'connecting' && (state.status === 'connecting' || payload.status === 'connected' || payload.status === 'error')) state.attempted = true;
      state.status = payload.status;
      state.error = payload.error;
      if (payload.status !== 'connected') Object.assign(state, { onlineUserIds: [], since: payload.at, toldAt: {} });
    },
    /**
     * Who is online (by member id), as told at `at` (ms): a push (user_online, user_offline) when it
     * came, the match list's `online` when it was asked for. What was told before the last word about
     * a member, or before the set was last emptied, is older news and changes nothing.
     */
    presenceTold(state, { payload: { at, online } }: PayloadAction<{ at: number; online: Record<string, boolean> }>) {
      for (const id in online) {
        if (at < (state.toldAt[id] ?? state.since)) continue;
        state.toldAt[id] = at;
        state.onlineUserIds = state.onlineUserIds.filter((other) => other !== id);
        if (online[id]) state.onlineUserIds.push(id);
      }
    },
  },
});

export const { connectionChanged, presenceTold } = realtimeSlice.actions;
export const selectConnection = (s: { realtime: RealtimeState }) => s.realtime;
/** only the connection's failure: what tells of it renders again when it changes, not on each status or presence change */
export const selectConnectionError = (s: { realtime: RealtimeState }) => s.realtime.error;
export const selectIsOnline = (userId: string) => (s: { realtime: RealtimeState }) => s.realtime.onlineUserIds.includes(userId);
