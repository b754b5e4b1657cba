import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Socket } from 'socket.io-client';
import { api, sessionEndedElsewhere } from '../api';
import { CURRENT_USER_CALL } from '../current-user/current-user-view';
import { activeCallLanguage, API_BASE, httpRequest, type ApiError } from '../http';
import { ConnectionMachine, type ConnectionTransport } from './connection-machine';
import { SocketEvents } from '@aero/contracts/shared';
import { resyncTagsSince, tagsForPush, pushesWithTags } from './pushes';
import { connectionChanged, presenceTold } from './realtime-slice';
import { bindHandlers, current, liveSocket, setCurrent, setLiveSocket, type RealtimeClient } from './registry';
import { keepPushTexts } from '../keep-push-texts';
import { keepPushSubscriptionSaved } from '../push-resave';
import { whenIdle } from '../when-idle';

// The one real-time connection of a signed-in tab: socket.io at path /ws on this origin,
// authenticated by the session cookie and an `auth` message. socket.io's own reconnection is off:
// the state machine of spec §4 decides when to reconnect. This module (and socket.io-client) loads
// only once someone is signed in (index.ts): the login screen does not carry it.

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** how long a tab that ends its own session (sign out, deletion) has to stop its socket first */
const SESSION_CHECK_DELAY_MS = 1500;

/** how long an authentication's resync waits at most for the browser to be idle */
export const RESYNC_IDLE_TIMEOUT_MS = 1000;

/**
 * whether this tab's session is gone: the current-user call (spec §7) answers 404 when signed out.
 * Asked outside the cache, whose entry stays the user until the session watch ends it (AuthProvider).
 */
const sessionEnded = () =>
  httpRequest(API_BASE, CURRENT_USER_CALL).then(
    () => false,
    (error: ApiError) => error.status === 404 || error.status === 401,
  );

/** Starts the tab's connection for this user (one per tab: a second call for the same user is a no-op). */
export function startRealtime(userId: string, dispatch: Dispatch): RealtimeClient {
  const running = current();
  if (running?.userId === userId) return running.client;
  stopRealtime();
  // a member signed in: this browser's push subscription, if any, is this session's, saved again as
  // the app comes back (lib/push-resave), and what it is pushed is shown in the app's language (lib/keep-push-texts)
  const stopSavingPush = keepPushSubscriptionSaved();
  void keepPushTexts().catch(() => undefined);

  let socket: Socket | null = null;
  let stopped = false;
  let cancelResync: (() => void) | null = null;
  /**
   * An attempt: socket.io reports one that fails, but one whose connection closes before its
   * handshake (a proxy, or a server shutting down, that took the connection and closed it) only
   * after its connect timeout, 20 s later. Its low-level connection's close ends it now: it is
   * given up (which also clears that timeout) and the machine plans the next one.
   */
  function attempt(s: Socket) {
    s.connect();
    s.io.engine?.once('close', () => {
      if (s.connected || s !== socket) return;
      s.disconnect();
      machine.closed();
    });
  }

  const transport: ConnectionTransport = {
    open() {
      if (socket) {
        attempt(socket);
        return;
      }
      void import('socket.io-client').then(({ io }) => {
        if (stopped) return;
        socket = io({ path: '/ws', withCredentials: true, autoConnect: false, reconnection: false, transports: ['websocket', 'polling'] });
        setLiveSocket(socket);
        bind(socket);
        bindHandlers(socket);
        attempt(socket);
      }, () => machine.closed());
    },
    close() {
      socket?.disconnect();
    },
    authenticate() {
      // with the app's language, as every call says it (what the server writes to the member in it)
      socket?.emit(SocketEvents.auth, { type: 'auth', userId, language: activeCallLanguage() ?? undefined });
    },
    send(event, payload) {
      socket?.emit(event, payload);
    },
    isOpen: () => socket?.connected === true,
  };

  const machine = new ConnectionMachine(transport, { onStatus: (status, error) => dispatch(connectionChanged({ status, error, at: Date.now() })) });

  function bind(s: Socket) {
    s.on('connect', () => machine.opened());
    s.on('connect_error', () => machine.closed());
    s.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') machine.closed();
      // the server closes a session's sockets when the session ends (a ban, a password change or
      // a sign-out elsewhere): unless this tab is signing out by itself meanwhile, the session ends
      // here as on a 401 (signed out, at /, no reload)
      if (reason === 'io server disconnect') setTimeout(() => void sessionEnded().then((ended) => ended && !stopped && sessionEndedElsewhere('realtime')), SESSION_CHECK_DELAY_MS);
    });
    s.on(SocketEvents.authSuccess, () => {
      // what the pushes sent before would have refreshed is fetched again: the first screen's data
      // was fetched before the connection opened, and a drop loses the pushes of the gap. Started
      // when the browser is next idle, not in this task (socket.io's handling of the connection):
      // the refetches' dispatches and renders made it a long task of a load. Pushes meanwhile
      // invalidate their tags at once, as always; RTK Query holds an invalidation made while a
      // request is pending until all have answered (invalidationBehavior 'delayed'), so neither a
      // push's refetch nor the resync's is skipped, and the last answer is one asked after both.
      // Only what was asked before this authentication is asked again (resyncTagsSince).
      const authenticatedAt = Date.now();
      machine.authenticated();
      cancelResync?.();
      cancelResync = whenIdle(() => {
        cancelResync = null;
        if (stopped) return;
        dispatch((d: Dispatch, getState: () => unknown) => {
          const tags = resyncTagsSince(getState() as Parameters<typeof resyncTagsSince>[0], authenticatedAt);
          if (tags.length > 0) d(api.util.invalidateTags(tags));
        });
      }, RESYNC_IDLE_TIMEOUT_MS);
    });
    s.on(SocketEvents.authError, () => machine.authFailed());
    s.on(SocketEvents.authRequired, () => transport.authenticate());
    for (const [event, online] of [[SocketEvents.userOnline, true], [SocketEvents.userOffline, false]] as const) {
      s.on(event, (p: { userId?: string }) => p?.userId && dispatch(presenceTold({ at: Date.now(), online: { [p.userId]: online } })));
    }
    for (const event of pushesWithTags()) {
      s.on(event, (payload: unknown) => dispatch(api.util.invalidateTags(tagsForPush(event, payload))));
    }
  }

  // the machine's own reconnects are few and far apart (spec §4): the browser's word that the
  // network is back, or that the page is shown again, starts one at once; its word that the network
  // is gone closes the socket at once (socket.io notices only at its next missed ping)
  const retryNow = () => machine.retryNow();
  const shown = () => document.visibilityState === 'visible' && navigator.onLine !== false && machine.retryNow();
  const networkLost = () => machine.networkLost();
  addEventListener('online', retryNow);
  addEventListener('offline', networkLost);
  document.addEventListener('visibilitychange', shown);

  const client: RealtimeClient = {
    machine,
    send: (event, payload) => machine.send(event, payload),
    sendIfConnected(event, payload) {
      if (machine.status !== 'connected' || !socket?.connected) return false;
      socket.emit(event, payload);
      return true;
    },
    request<T>(event: string, payload: unknown, timeoutMs: number) {
      if (machine.status !== 'connected' || !socket?.connected) return Promise.reject(new Error('not connected'));
      return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<T>;
    },
    isConnected: () => machine.status === 'connected' && socket?.connected === true,
    stop() {
      stopped = true;
      cancelResync?.();
      cancelResync = null;
      removeEventListener('online', retryNow);
      removeEventListener('offline', networkLost);
      document.removeEventListener('visibilitychange', shown);
      stopSavingPush();
      if (liveSocket() === socket) setLiveSocket(null);
      machine.stop();
      socket?.removeAllListeners();
      socket?.disconnect();
      socket = null;
    },
  };
  setCurrent({ userId, client });
  machine.start();
  return client;
}

/** Closes the tab's connection (sign-out). */
export function stopRealtime(): void {
  current()?.client.stop();
  setCurrent(null);
}
