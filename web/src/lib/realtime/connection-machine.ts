import { Limits } from '@aero/contracts/shared';

// The chat connection of spec §4 as a state machine over a transport, with injectable timers so
// that it is tested with fake time:
// - states: disconnected, connecting, connected, error;
// - after a close it reconnects with a doubling delay (1 s, 2 s, 4 s … capped at 30 s), at most
//   5 attempts in a row, then stays in error 'connection-lost' ('Connection Lost');
// - an authentication error is retried after 2 s, at most 5 times, then error 'auth-failed';
// - a successful authentication resets both counts and flushes what was queued meanwhile;
// - beyond the spec: when the network comes back or the page is shown again (`retryNow`), a
//   connection that is down or was given up tries again at once with a fresh count (one given up
//   after having connected still ends in 'connection-lost'); when the browser says the network is
//   gone (`networkLost`), a connection it still holds is closed and handled as lost at once.

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';
/** 'unreachable': the attempts ran out before the first connection; 'connection-lost': after it */
export type ConnectionError = 'unreachable' | 'connection-lost' | 'auth-failed';

export interface ConnectionTransport {
  /** opens the connection; the client later calls `opened()` or `closed()` */
  open(): void;
  close(): void;
  /** authenticates an open connection; the client later calls `authenticated()` or `authFailed()` */
  authenticate(): void;
  send(event: string, payload: unknown): void;
  isOpen(): boolean;
}

export interface ConnectionListener {
  onStatus(status: ConnectionStatus, error: ConnectionError | null): void;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const ConnectionPolicy = {
  reconnectAttempts: Limits.chatReconnectAttempts,
  reconnectBaseMs: Limits.chatReconnectBaseMs,
  reconnectMaxMs: Limits.chatReconnectMaxMs,
  authRetries: Limits.chatReconnectAttempts,
  authRetryMs: Limits.chatAuthRetryMs,
} as const;

/** The wait before reconnect attempt `n` (1-based): 1 s, 2 s, 4 s … at most 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(ConnectionPolicy.reconnectBaseMs * 2 ** (attempt - 1), ConnectionPolicy.reconnectMaxMs);

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

export class ConnectionMachine {
  status: ConnectionStatus = 'disconnected';
  error: ConnectionError | null = null;
  private running = false;
  private reconnects = 0;
  private authRetries = 0;
  private timer: unknown = null;
  private waitingForAuthRetry = false;
  private everConnected = false;
  private readonly queue: { event: string; payload: unknown }[] = [];

  constructor(
    private readonly transport: ConnectionTransport,
    private readonly listener: ConnectionListener,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Signed in: connect (a no-op while already running). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.everConnected = false;
    this.reconnects = 0;
    this.authRetries = 0;
    this.connect();
  }

  /** Signed out: close and forget everything. */
  stop(): void {
    this.running = false;
    this.clearTimer();
    this.waitingForAuthRetry = false;
    this.queue.length = 0;
    this.transport.close();
    this.set('disconnected', null);
  }

  /** The transport is open: authenticate it. */
  opened(): void {
    if (!this.running) return;
    this.transport.authenticate();
  }

  /** The server accepted us: connected, counts reset, queued sends flushed. */
  authenticated(): void {
    if (!this.running) return;
    this.reconnects = 0;
    this.authRetries = 0;
    this.waitingForAuthRetry = false;
    this.everConnected = true;
    this.set('connected', null);
    for (const { event, payload } of this.queue.splice(0)) this.transport.send(event, payload);
  }

  /** The server refused the authentication: retry after 2 s, at most 5 times. */
  authFailed(): void {
    if (!this.running || this.waitingForAuthRetry) return;
    if (this.authRetries >= ConnectionPolicy.authRetries) {
      this.clearTimer();
      this.transport.close();
      this.set('error', 'auth-failed');
      return;
    }
    this.authRetries += 1;
    this.waitingForAuthRetry = true;
    this.set('connecting', null);
    this.schedule(ConnectionPolicy.authRetryMs, () => {
      this.waitingForAuthRetry = false;
      if (this.transport.isOpen()) this.transport.authenticate();
      else this.connect();
    });
  }

  /** The connection closed or could not open: reconnect with a doubling delay, at most 5 times. */
  closed(): void {
    if (!this.running || this.waitingForAuthRetry || this.status === 'error') return;
    if (this.timer !== null) return; // a reconnect is already planned
    if (this.reconnects >= ConnectionPolicy.reconnectAttempts) {
      this.set('error', this.everConnected ? 'connection-lost' : 'unreachable');
      return;
    }
    this.reconnects += 1;
    this.set('disconnected', null);
    this.schedule(reconnectDelay(this.reconnects), () => this.connect());
  }

  /**
   * The network is back or the page is shown again: unless connected, waiting to retry a refused
   * authentication or failed on it, connect at once (unless an attempt is under way) with a fresh
   * count of attempts.
   */
  retryNow(): void {
    if (!this.running || this.status === 'connected' || this.waitingForAuthRetry || this.error === 'auth-failed') return;
    this.reconnects = 0;
    if (this.status === 'connecting') return; // the attempt under way: its failure starts the fresh count
    this.clearTimer();
    this.connect();
  }

  /** The browser says the network is gone: the connection (which may take a minute to notice) is closed and reconnects as after a drop. */
  networkLost(): void {
    if (!this.running || this.status !== 'connected') return;
    this.transport.close();
    this.closed();
  }

  /** Sends now when connected, else once connected again. */
  send(event: string, payload: unknown): void {
    if (this.status === 'connected') this.transport.send(event, payload);
    else this.queue.push({ event, payload });
  }

  get queued(): number {
    return this.queue.length;
  }

  private connect() {
    this.set('connecting', null);
    this.transport.open();
  }

  private schedule(ms: number, run: () => void) {
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (this.running) run();
    }, ms);
  }

  private clearTimer() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(status: ConnectionStatus, error: ConnectionError | null) {
    if (this.status === status && this.error === error) return;
    this.status = status;
    this.error = error;
    this.listener.onStatus(status, error);
  }
}
