import type { Socket } from 'socket.io-client';
import type { ConnectionMachine } from './connection-machine';

// What screens use of the tab's real-time connection, without its code: the running client, and
// the handlers of pushes (socket-client.ts, loaded once someone is signed in, binds them).

export interface RealtimeClient {
  stop(): void;
  /** sends now, or once connected again */
  send(event: string, payload: unknown): void;
  /** sends now when connected, else drops it (for what is stale later: typing, read marks) */
  sendIfConnected(event: string, payload: unknown): boolean;
  /** sends now and waits for the server's acknowledgement; rejects when not connected or no answer came in time */
  request<T>(event: string, payload: unknown, timeoutMs: number): Promise<T>;
  isConnected(): boolean;
  machine: ConnectionMachine;
}

let running: { userId: string; client: RealtimeClient } | null = null;
export const current = () => running;
export const setCurrent = (next: typeof running) => {
  running = next;
};

/** The tab's connection, or null when nobody is signed in (or it has not started yet). */
export function getRealtime(): RealtimeClient | null {
  return running?.client ?? null;
}

let live: Socket | null = null;
export const liveSocket = () => live;
export const setLiveSocket = (socket: Socket | null) => {
  live = socket;
};

// Screens listen to pushes through `onRealtimeEvent`: the handlers outlive a socket (reconnects
// make a new one) and may be added before the tab's connection starts.
type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
const boundEvents = new WeakMap<Socket, Set<string>>();

export function bindHandlers(s: Socket) {
  const bound = boundEvents.get(s) ?? new Set<string>();
  boundEvents.set(s, bound);
  for (const event of handlers.keys()) {
    if (bound.has(event)) continue;
    bound.add(event);
    s.on(event, (payload: unknown) => handlers.get(event)?.forEach((h) => h(payload)));
  }
}

/** Calls `handler` with the payload of every `event` pushed to this tab; returns the unsubscribe. */
export function onRealtimeEvent<T = unknown>(event: string, handler: (payload: T) => void): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  handlers.set(event, set);
  set.add(handler as Handler);
  if (live) bindHandlers(live);
  return () => set.delete(handler as Handler);
}
