import type { ErrorCode, MessageView } from '@aero/contracts/shared';

// How one message reaches the server (spec §4: when the socket is not open, sending falls back to
// the HTTP call). Over the socket when it is connected, with an acknowledgement; when the socket
// gives no answer (or is not connected) over HTTP, with the same id, so nothing is stored twice.

export type Delivery =
  | { kind: 'sent'; message: MessageView }
  /** the server refused it (not a member any more, too long…): `error` is its text when it gave one */
  | { kind: 'refused'; via: 'socket' | 'http'; error: string | null; code?: ErrorCode }
  /** neither way reached the server: keep it and send it again once connected */
  | { kind: 'offline' };

export interface DeliveryRoutes<P> {
  /** the browser knows it has no network: neither way is tried (no wait for an answer that cannot come) */
  networkDown?(): boolean;
  isConnected(): boolean;
  /** resolves with the ack (`{ message }` or `{ error }`), rejects when no answer came */
  viaSocket(payload: P): Promise<{ message?: MessageView; error?: string | { message?: string }; code?: ErrorCode }>;
  /** resolves with the stored message; rejects with an error whose `status` is 0 when unreachable */
  viaHttp(payload: P): Promise<MessageView>;
}

const errorText = (error: unknown): string | null => {
  if (typeof error === 'string') return error || null;
  const e = error as { serverMessage?: unknown; message?: unknown } | null;
  if (typeof e?.serverMessage === 'string') return e.serverMessage;
  return null;
};

/** the server's error code (e.g. 'nudge': 'Are you sure?'), when it gave one */
const codeOf = (from: unknown): { code?: ErrorCode } => {
  const code = (from as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? { code: code as ErrorCode } : {};
};

export async function deliver<P>(payload: P, routes: DeliveryRoutes<P>): Promise<Delivery> {
  if (routes.networkDown?.()) return { kind: 'offline' };
  if (routes.isConnected()) {
    try {
      const ack = await routes.viaSocket(payload);
      if (ack?.message) return { kind: 'sent', message: ack.message };
      if (ack?.error) return { kind: 'refused', via: 'socket', error: typeof ack.error === 'string' ? ack.error : (ack.error.message ?? null), ...codeOf(ack) };
    } catch {
      /* no answer: try HTTP */
    }
  }
  try {
    return { kind: 'sent', message: await routes.viaHttp(payload) };
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status === 0) return { kind: 'offline' };
    return { kind: 'refused', via: 'http', error: errorText(error), ...codeOf(error) };
  }
}
