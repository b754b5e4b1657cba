import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON (`application/json`, `application/problem+json`, …): the API's answers */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/** the routes compressed: the API's reads (not the web build, files, objects, writes or HEAD) */
const isApiRead = (methods: string[], url: string) => url.startsWith('/api/') && methods.every((method) => method === 'GET');

/**
 * The API's answers to reads compressed on the fly (@fastify/compress: brotli at quality 4, else
 * gzip, by Accept-Encoding; JSON from 1 KB up): a deck, a match list or a conversation is JSON
 * that shrinks four- to fivefold, which a phone on a slow network waits for before the screen
 * shows. Only the API's GET routes:
 * - not writes: an answer to a write may carry a one-time secret (a payment's client secret) next
 *   to what the caller sent, the BREACH pattern;
 * - not the web build (precompressed at build time; its source maps are large and would be
 *   compressed on every request), nor stored objects (photos and voice clips are compressed
 *   already, and are served with byte ranges), nor HEAD (Fastify answers it without a body).
 * Request bodies are never decompressed (no gzip bombs). Call before any route is registered:
 * the routes are marked here, before the plugin's own onRoute hook sees them.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!isApiRead([route.method].flat(), route.url ?? '')) route.compress = false;
  });
  await app.register(fastifyCompress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024, customTypes: JSON_TYPES });
}
