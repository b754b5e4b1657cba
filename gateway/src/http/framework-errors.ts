import { ErrorCodes, Messages } from '@aero/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HttpErrorBody } from './http-error.filter.js';
import type { SecurityHeaderWriter } from './security-headers.js';

// The answers to requests the framework refuses before the app sees them, in the app's error
// shape and with the security headers of every response (apart from http-error.filter, which the
// API's schemas import, so that the headers' module and its imports stay out of that graph).

/**
 * Fastify's router refuses a URL it cannot decode (or an over-long parameter) before any route,
 * hook or filter runs; its own body names its internal code and echoes the path. This answers it
 * in the app's shape, with a generic message and the security headers of every response (the
 * adapter's `frameworkErrors`).
 */
export function frameworkErrorAnswer(writeSecurityHeaders: SecurityHeaderWriter) {
  return (error: { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    writeSecurityHeaders(request.url, reply.raw);
    const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    void reply.status(statusCode).send({ statusCode, code: ErrorCodes.badRequest, message: Messages.invalidRequest } satisfies HttpErrorBody);
  };
}

/**
 * Node's HTTP parser refuses a request it cannot read (a malformed line, headers too large, a
 * request too slow) before Fastify sees a URL; Fastify then writes its answer on the bare socket,
 * without headers. This writes it in the app's shape with the API's security headers (the answer
 * is JSON, whatever was asked), at the statuses Fastify uses (the adapter's `clientErrorHandler`).
 */
export function clientErrorAnswer(securityHeaders: ReadonlyArray<readonly [string, string]>) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const statusCode = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ statusCode, code: ErrorCodes.badRequest, message: Messages.invalidRequest } satisfies HttpErrorBody);
    const headers = [['Content-Length', String(Buffer.byteLength(body))], ['Content-Type', 'application/json; charset=utf-8'], ['Connection', 'close'], ...securityHeaders];
    if (socket.writable) socket.write(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
    socket.destroy(error);
  };
}
