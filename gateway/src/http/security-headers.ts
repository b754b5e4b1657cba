import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { servedOverHttps, type Settings } from '@aero/config';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { API_DOCS_PATH } from '../openapi/api-docs.js';

/** The payment provider's hosts (Stripe.js, its frames and API, as Stripe's security guide lists them), allowed only when Stripe keys are set. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy the web app runs under: its own scripts only (plus Stripe.js when
 * payments are configured), no framing, no plugins; images and media (and chat
 * attachment uploads) also from the object store when it is S3 (signed URLs point there).
 */
export function contentSecurityPolicy(settings: Pick<Settings, 'publicUrl' | 's3' | 'stripe'>) {
  const site = new URL(settings.publicUrl);
  const https = servedOverHttps(settings);
  const objects = settings.s3 ? [new URL(settings.s3.publicUrl).origin] : [];
  const stripe = settings.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...stripe.script],
    // styled-components writes its rules into <style> elements at run time
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...objects],
    mediaSrc: ["'self'", 'blob:', ...objects],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", `${https ? 'wss' : 'ws'}://${site.host}`, ...objects, ...stripe.connect],
    frameSrc: stripe.frame.length ? stripe.frame : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** The options @fastify/helmet is given: HSTS only when the public URL is https. */
export function helmetOptions(settings: Settings): FastifyHelmetOptions {
  const https = servedOverHttps(settings);
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(settings) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // signed photo URLs on S3 and the socket are same-site or listed above
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers @fastify/helmet sets with these options, names spelled as it spells them: asked
 * once from the plugin itself, on a throwaway Fastify instance. They do not depend on the request
 * (no CSP nonces, no per-route options), while the plugin builds them again on every request
 * (helmet re-reads its options and re-serializes the CSP each time).
 */
export async function securityHeaders(settings: Settings): Promise<ReadonlyArray<readonly [string, string]>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, helmetOptions(settings));
  let headers: Array<readonly [string, string]> = [];
  probe.get('/', (_request, reply) => {
    // at the handler the raw response holds exactly what helmet's onRequest hooks set
    // (getRawHeaderNames: the names as helmet spelled them, which @types/node does not declare)
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))] as const);
    return reply.send('');
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.length) throw new Error('no security headers computed');
  return headers;
}

/**
 * The headers of an API response (JSON, a photo or a redirect to one), as the OWASP
 * REST Security Cheat Sheet lists them: no caching by default (a route may set its own), nothing
 * loads or frames it if it is ever opened as a document (`default-src 'none'`, stricter than the
 * app's policy), no MIME sniffing, and no cross-origin reads of it. The app's document headers
 * (the long policy with its sources, the opener, referrer and cross-domain ones) only act on HTML;
 * sending them with every API response cost a fifth of the gateway's throughput.
 */
export function apiSecurityHeaders(settings: Pick<Settings, 'publicUrl'>): ReadonlyArray<readonly [string, string]> {
  const https = servedOverHttps(settings);
  return [
    ['Cache-Control', 'no-store'],
    ['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
}

/** API paths: everything under /api/ but the API description's HTML page and its assets. */
export function isApiPath(url: string): boolean {
  const docsPage = url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`) || url.startsWith(`${API_DOCS_PATH}?`);
  return url.startsWith('/api/') && !docsPage;
}

/**
 * Paths answered with the API's headers: the API and the members' stored files (`/objects/`, the
 * local object storage's signed addresses), which must never run as a page of the app's origin.
 */
export function takesApiHeaders(url: string): boolean {
  const path = routedPath(url);
  return isApiPath(path) || path.startsWith('/objects/');
}

/** the path as the router matches it: percent-decoded (`/%61pi/users/me` is routed as `/api/users/me`), without the query */
function routedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Sets on a raw response the security headers of the path `url` asks for (see `securityHeaderWriter`). */
export type SecurityHeaderWriter = (url: string, raw: ServerResponse) => void;

/**
 * Security headers on every response, refusals and 404s included: for the web app's documents and
 * files helmet's headers, computed at start-up, for the API and stored files the set above; set
 * as helmet would set them (on the raw response).
 */
export async function securityHeaderWriter(settings: Settings): Promise<SecurityHeaderWriter> {
  const documents = await securityHeaders(settings);
  const api = apiSecurityHeaders(settings);
  return (url, raw) => {
    const headers = takesApiHeaders(url) ? api : documents;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
  };
}

/** sets them in one onRequest hook; what the router refuses before any hook runs is `answerFrameworkError`'s and `answerClientError`'s */
export function registerSecurityHeaders(app: FastifyInstance, write: SecurityHeaderWriter) {
  app.addHook('onRequest', (request, reply, done) => {
    write(request.url, reply.raw);
    done();
  });
}
