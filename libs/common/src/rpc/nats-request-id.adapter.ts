import { headers, type MsgHdrs } from '@nats-io/transport-node';
import { currentRequestId, REQUEST_ID_HEADER } from '../request-context.js';

/**
 * The headers of one service call: the id of the user action being handled, in `X-Request-Id`
 * (the one addition per call; without an id, no headers at all).
 */
export function requestIdHeaders(): MsgHdrs | undefined {
  const requestId = currentRequestId();
  if (!requestId) return undefined;
  const h = headers();
  h.set(REQUEST_ID_HEADER, requestId);
  return h;
}

/** the request id a NATS message carries in its headers, if any */
export const requestIdOfMessage = (message: { headers?: Pick<MsgHdrs, 'get'> }): string | undefined => message.headers?.get(REQUEST_ID_HEADER) || undefined;
