export { startRealtime, stopRealtime, getRealtime, onRealtimeEvent, type RealtimeClient } from './socket-client';
export { realtimeSlice, selectConnection, selectIsOnline, type RealtimeState } from './realtime-slice';
export type { ConnectionStatus, ConnectionError } from './connection-machine';
