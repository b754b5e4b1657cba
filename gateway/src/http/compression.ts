import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON (`application/json`, `application/problem+json`, …): the API's answers */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;
const READS = new Set(['GET', 'HEAD']);

/**
 * The API's answers to reads compressed on the fly (@fastify/compress: brotli at quality 4, else
 * gzip, by Accept-Encoding; from 1 KB up): a deck, a match list or a conversation is JSON that
 * shrinks four- to fivefold, which a phone on a slow network waits for before the screen shows.
 * Only reads: an answer to a write may carry a one-time secret (a payment's client secret) next to
 * what the caller sent, the BREACH pattern. Only JSON: the web build is precompressed
 * (web/static-files.ts sets its own Content-Encoding, which the plugin leaves alone), photos and
 * voice clips are compressed already. Request bodies are never decompressed (no gzip bombs).
 * Call before any route is registered: routes other than reads are marked here, before the
 * plugin's own onRoute hook sees them.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().every((method) => READS.has(method))) route.compress = false;
  });
  await app.register(fastifyCompress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024, customTypes: JSON_TYPES });
}
