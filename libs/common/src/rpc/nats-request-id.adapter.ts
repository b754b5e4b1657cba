import { headers, type MsgHdrs } from '@nats-io/transport-node';
import type { Serializer } from '@nestjs/microservices';
import { currentRequestId, REQUEST_ID_HEADER } from '../request-context.js';

/**
 * What NestJS's NATS client sends for one request: the packet as JSON and, when a user action is
 * being handled, its id in the `X-Request-Id` header (the one addition per call; without an id
 * nothing but the JSON). Replaces NestJS's default serializer, which also builds a record per call.
 */
export class RequestIdNatsSerializer implements Serializer<object, { data: string; headers?: MsgHdrs }> {
  serialize(packet: object) {
    const requestId = currentRequestId();
    if (!requestId) return { data: JSON.stringify(packet) };
    const h = headers();
    h.set(REQUEST_ID_HEADER, requestId);
    return { data: JSON.stringify(packet), headers: h };
  }
}

/** the request id a NATS message carries in its headers, if any */
export const requestIdOfMessage = (message: { headers?: Pick<MsgHdrs, 'get'> }): string | undefined => message.headers?.get(REQUEST_ID_HEADER) || undefined;
