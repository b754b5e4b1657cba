import { ErrorCodes, Messages } from '@aero/contracts';
import type { FastifyInstance } from 'fastify';
import { ADMIN_DOCUMENT_ROUTE } from '../admin/admin.controller.js';
import { BILLING_WEBHOOK_ROUTE } from '../billing/webhook-route.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { keepRawBody } from './raw-body.js';
import { OBJECTS_ROUTE } from '../objects/objects.controller.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** the bodies a state-changing request may carry: JSON, or a multipart upload */
const BODY_TYPES: ReadonlySet<string> = new Set(['application/json', 'multipart/form-data']);
/** a Content-Type's media type, without its parameters (`application/json; charset=utf-8` is JSON, `application/jsonx` is not) */
const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The only routes exempt from the same-origin rule: server-to-server endpoints that prove who
 * calls them (e.g. a payment provider's signed webhook) and signed object URLs (the signature
 * is the credential; uploads carry the file's own type). Route patterns as registered.
 */
export const SAME_ORIGIN_EXEMPT_ROUTES: ReadonlySet<string> = new Set<string>([OBJECTS_ROUTE, BILLING_WEBHOOK_ROUTE]);

/**
 * The reads that change something (opening a private document writes to the audit log): a link on
 * another site would be followed with the session cookie (SameSite=Lax), so a browser's
 * Sec-Fetch-Site must say the request comes from the product's own pages (or was typed).
 */
const SAME_ORIGIN_READS: ReadonlySet<string> = new Set<string>([ADMIN_DOCUMENT_ROUTE]);
const fromOwnPages = (site: string | string[] | undefined) => site === undefined || site === 'same-origin' || site === 'none';

/**
 * Every state-changing request, whatever its path (encoded or not), is accepted only from the
 * product's own origin (the exempt routes prove their caller otherwise) and only as JSON (or
 * multipart uploads; the exempt webhook too): a cross-site form post can produce neither.
 * Exemptions are decided on the router's matched route, never on the raw URL.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  // a callback hook: a GET (most requests) costs two Set lookups, no promise
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (!STATE_CHANGING.has(request.method)) {
      if (route && SAME_ORIGIN_READS.has(route) && !fromOwnPages(request.headers['sec-fetch-site'])) {
        void reply.status(403).send({ statusCode: 403, code: ErrorCodes.badOrigin, message: Messages.badOrigin });
        return;
      }
      return done();
    }
    if (!(route && SAME_ORIGIN_EXEMPT_ROUTES.has(route)) && request.headers.origin !== allowed) {
      void reply.status(403).send({ statusCode: 403, code: ErrorCodes.badOrigin, message: Messages.badOrigin });
      return;
    }
    // refused before the body is read; only an upload to a signed object URL carries its file's own type
    if (route !== OBJECTS_ROUTE && !BODY_TYPES.has(mediaType(request.headers['content-type']))) {
      void reply.status(415).send({ statusCode: 415, code: ErrorCodes.jsonRequired, message: Messages.jsonRequired });
      return;
    }
    done();
  });
  // an empty JSON body (logout, undo) is an empty object, not a parse error
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
    // a signed webhook is verified on the exact bytes received
    if (request.routeOptions.url === BILLING_WEBHOOK_ROUTE) keepRawBody(request, String(body ?? ''));
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    // nesting thousands deep is no request of ours, and would exhaust the stack of what reads it
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(Object.assign(new Error('Request body is nested too deeply'), { statusCode: 400 }), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
}
