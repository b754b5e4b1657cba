import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

export { getRealtime, onRealtimeEvent, type RealtimeClient } from './registry';
export { realtimeSlice, selectConnection, selectConnectionError, selectIsOnline, type RealtimeState } from './realtime-slice';
export { useConnectionSettled } from './use-connection-settled';
export type { ConnectionStatus, ConnectionError } from './connection-machine';

// The connection's code (state machine, socket.io-client) loads when someone signs in; starts and
// stops run in the order they were asked for.
let client: Promise<typeof import('./socket-client')> | null = null;
const socketClient = () => (client ??= import('./socket-client'));

/** Starts the tab's connection for this user (one per tab). */
export const startRealtime = (userId: string, dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => socketClient().then((m) => void m.startRealtime(userId, dispatch));

/** Closes the tab's connection (sign-out); nothing to load or close when none was started. */
export const stopRealtime = () => client?.then((m) => m.stopRealtime());
