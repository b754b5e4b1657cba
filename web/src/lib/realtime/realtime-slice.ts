import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectionError, ConnectionStatus } from './connection-machine';

// Client state of the real-time channel: the connection state of spec §4 and who is online.
export interface RealtimeState {
  status: ConnectionStatus;
  error: ConnectionError | null;
  onlineUserIds: string[];
}

export const initialRealtimeState: RealtimeState = { status: 'disconnected', error: null, onlineUserIds: [] };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: initialRealtimeState,
  reducers: {
    connectionChanged(state, action: PayloadAction<{ status: ConnectionStatus; error: ConnectionError | null }>) {
      state.status = action.payload.status;
      state.error = action.payload.error;
      if (action.payload.status !== 'connected') state.onlineUserIds = [];
    },
    userOnline(state, action: PayloadAction<string>) {
      if (!state.onlineUserIds.includes(action.payload)) state.onlineUserIds.push(action.payload);
    },
    userOffline(state, action: PayloadAction<string>) {
      state.onlineUserIds = state.onlineUserIds.filter((id) => id !== action.payload);
    },
  },
});

export const { connectionChanged, userOnline, userOffline } = realtimeSlice.actions;
export const selectConnection = (s: { realtime: RealtimeState }) => s.realtime;
export const selectIsOnline = (userId: string) => (s: { realtime: RealtimeState }) => s.realtime.onlineUserIds.includes(userId);
