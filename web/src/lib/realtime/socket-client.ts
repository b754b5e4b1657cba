import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Socket } from 'socket.io-client';
import { api } from '../api';
import { ConnectionMachine, type ConnectionTransport } from './connection-machine';
import { tagsForPush, PUSH_TAGS } from './pushes';
import { connectionChanged, userOffline, userOnline } from './realtime-slice';

// The one real-time connection of a signed-in tab: socket.io at path /ws on this origin,
// authenticated by the session cookie and an `auth` message. socket.io's own reconnection is off:
// the state machine of spec §4 decides when to reconnect. socket.io-client loads only once someone
// is signed in (the login screen does not carry it).

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export interface RealtimeClient {
  stop(): void;
  /** sends now, or once connected again */
  send(event: string, payload: unknown): void;
  machine: ConnectionMachine;
}

let current: { userId: string; client: RealtimeClient } | null = null;

/** Starts the tab's connection for this user (one per tab: a second call for the same user is a no-op). */
export function startRealtime(userId: string, dispatch: Dispatch): RealtimeClient {
  if (current?.userId === userId) return current.client;
  stopRealtime();

  let socket: Socket | null = null;
  let stopped = false;
  const transport: ConnectionTransport = {
    open() {
      if (socket) {
        socket.connect();
        return;
      }
      void import('socket.io-client').then(({ io }) => {
        if (stopped) return;
        socket = io({ path: '/ws', withCredentials: true, autoConnect: false, reconnection: false, transports: ['websocket', 'polling'] });
        bind(socket);
        socket.connect();
      }, () => machine.closed());
    },
    close() {
      socket?.disconnect();
    },
    authenticate() {
      socket?.emit('auth', { type: 'auth', userId });
    },
    send(event, payload) {
      socket?.emit(event, payload);
    },
    isOpen: () => socket?.connected === true,
  };

  const machine = new ConnectionMachine(transport, { onStatus: (status, error) => dispatch(connectionChanged({ status, error })) });

  function bind(s: Socket) {
    s.on('connect', () => machine.opened());
    s.on('connect_error', () => machine.closed());
    s.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') machine.closed();
    });
    s.on('auth_success', () => machine.authenticated());
    s.on('auth_error', () => machine.authFailed());
    s.on('auth_required', () => transport.authenticate());
    s.on('user_online', (p: { userId?: string }) => p?.userId && dispatch(userOnline(p.userId)));
    s.on('user_offline', (p: { userId?: string }) => p?.userId && dispatch(userOffline(p.userId)));
    for (const event of Object.keys(PUSH_TAGS)) {
      s.on(event, (payload: unknown) => dispatch(api.util.invalidateTags(tagsForPush(event, payload))));
    }
  }

  const client: RealtimeClient = {
    machine,
    send: (event, payload) => machine.send(event, payload),
    stop() {
      stopped = true;
      machine.stop();
      socket?.removeAllListeners();
      socket?.disconnect();
      socket = null;
    },
  };
  current = { userId, client };
  machine.start();
  return client;
}

/** Closes the tab's connection (sign-out). */
export function stopRealtime(): void {
  current?.client.stop();
  current = null;
}

export function getRealtime(): RealtimeClient | null {
  return current?.client ?? null;
}
