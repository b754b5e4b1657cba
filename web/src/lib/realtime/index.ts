import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Limits } from '@aero/contracts/shared';
import { sleep } from '../sleep';

export { getRealtime, onRealtimeEvent, type RealtimeClient } from './registry';
export { realtimeSlice, selectConnection, selectConnectionError, selectIsOnline, type RealtimeState } from './realtime-slice';
export { useConnectionSettled } from './use-connection-settled';
export type { ConnectionStatus, ConnectionError } from './connection-machine';

// The connection's code (state machine, socket.io-client) loads when someone signs in; starts and
// stops run in the order they were asked for. Code that could not be loaded (offline before the
// service worker kept it, a new version that replaced it) is asked for again, as a connection is
// tried again (1 s doubling to 30 s), until it loads or the member signs out.
let client: Promise<typeof import('./socket-client')> | null = null;
const socketClient = () => (client ??= import('./socket-client'));
/** each start and stop; a start whose code arrives after a later one does nothing */
let turn = 0;

/** Starts the tab's connection for this user (one per tab). */
export async function startRealtime(userId: string, dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<void> {
  const mine = ++turn;
  for (let wait: number = Limits.chatReconnectBaseMs; mine === turn; wait = Math.min(wait * 2, Limits.chatReconnectMaxMs)) {
    try {
      const code = await socketClient();
      if (mine === turn) code.startRealtime(userId, dispatch);
      return;
    } catch (err) {
      client = null;
      console.warn('The real-time connection could not be loaded; trying again', err);
      await sleep(wait);
    }
  }
}

/** Closes the tab's connection (sign-out); nothing to load or close when none was started. */
export const stopRealtime = () => {
  turn += 1;
  return client?.then((m) => m.stopRealtime(), () => undefined);
};
