import { type PinoLogger, REQUEST_ID_HEADER, requestIdFrom, withRequestId } from '@aero/common';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Fastify's request id (`request.id`): the browser's `X-Request-Id` when it is a safe short token
 * (isSafeRequestId), else a fresh uuid. An id that could break a log line or flood it never enters.
 */
export const genReqId: NonNullable<FastifyServerOptions['genReqId']> = (req) => requestIdFrom(req.headers['x-request-id']);

/**
 * Every request is handled with its id as the current request id (so RPC calls, events, jobs and
 * log lines carry it), answers with it in `X-Request-Id`, and ends with one access line.
 */
export function registerRequestIds(app: FastifyInstance, log: PinoLogger) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
  // the body is read on the socket's events, outside the request's async context: enter it again
  // for validation, guards and the handler (as @fastify/request-context does)
  // (a GET or HEAD has no body to read: it is still in the context entered on onRequest)
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') done();
    else withRequestId(request.id, done);
  });
  // the route pattern, never the raw URL: a query string may carry a token
  // (a callback hook, and nothing built when the access log is off)
  app.addHook('onResponse', (request, reply, done) => {
    if (log.informing) log.info('request', { requestId: request.id, method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime) });
    done();
  });
}
