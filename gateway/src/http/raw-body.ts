import type { FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** keeps the body exactly as received (the JSON parser does this on the routes that verify a signature over it) */
export const keepRawBody = (request: FastifyRequest, body: string) => rawBodies.set(request, body);

/** the body exactly as received, on the routes that verify a signature over it */
export const rawBodyOf = (request: FastifyRequest) => rawBodies.get(request);
