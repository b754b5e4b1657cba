import { PRODUCT_NAME } from '@aero/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session.store.js';
import { SAME_ORIGIN_EXEMPT_ROUTES } from '../http/same-origin.hook.js';
import { ErrorBodySchema } from './schemas/common.schema.js';

/** Swagger UI; the OpenAPI document itself at API_DOCS_JSON */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_JSON = '/api/docs.json';
/** the security scheme of the session cookie: every operation needs it unless marked public (`security: [{}]`) */
export const SESSION_SCHEME = 'session';

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, { description: string; content?: unknown }>; requestBody?: unknown; parameters?: unknown[] };

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const errorBody = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(ErrorBodySchema.name)}` } } } });
/** `CurrentUserSchema` → `CurrentUser`: the suffix only keeps the classes apart from the views they implement */
const schemaName = (name: string) => name.replace(/Schema$/, '');

/**
 * The failures every route shares, added here once rather than on each method: 401 without a
 * session (unless public), 403/415 from the same-origin rule on state-changing routes, 400 when
 * the route takes input, 500.
 */
function addSharedResponses(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const add = (status: string, description: string) => {
        const existing = op.responses[status];
        op.responses[status] = existing ? { ...existing, description: `${existing.description}; ${description}` } : errorBody(description);
      };
      const isPublic = op.security?.some((requirement) => Object.keys(requirement).length === 0) ?? false;
      if (!isPublic) add('401', 'No session: sign in first (code `unauthorized`), or the session ended');
      const route = path.replace(/\{([^}]+)\}/g, ':$1');
      if (STATE_CHANGING.has(method) && !SAME_ORIGIN_EXEMPT_ROUTES.has(route)) {
        add('403', "Not from the product's own origin (code `bad_origin`)");
        add('415', 'Neither JSON nor multipart (code `json_required`)');
      }
      if ((op.requestBody || op.parameters?.length) && !op.responses['400']) add('400', 'Invalid input (code `validation`); the message is the first rule broken');
      add('500', 'Unexpected failure (code `internal`): no detail leaves the server');
    }
  }
  return document;
}

/** component names without the `Schema` suffix of the gateway's response classes, and refs to match */
function shortenSchemaNames(document: OpenAPIObject): OpenAPIObject {
  const text = JSON.stringify(document).replace(/"#\/components\/schemas\/(\w+?)Schema"/g, '"#/components/schemas/$1"');
  const renamed = JSON.parse(text) as OpenAPIObject;
  renamed.components!.schemas = Object.fromEntries(Object.entries(renamed.components?.schemas ?? {}).map(([name, schema]) => [schemaName(name), schema]));
  return renamed;
}

export function createApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${PRODUCT_NAME} API`)
    .setDescription(
      [
        'The REST API the web app uses (product spec §7). Bodies are JSON unless stated otherwise; every failure answers `{statusCode, code, message}`.',
        `Sign in with POST /api/auth/login (then /api/auth/verify when asked): the session is the HttpOnly cookie \`${SESSION_COOKIE}\`, sent by the browser.`,
        "State-changing requests (POST, PUT, PATCH, DELETE) must come from the product's own origin (`Origin` header) with a JSON or multipart body.",
        'The real-time channel is socket.io at /ws (not described here). Admin routes need an admin account.',
      ].join('\n\n'),
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'the session cookie set at sign-in' }, SESSION_SCHEME)
    .addSecurityRequirements(SESSION_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorBodySchema] });
  return shortenSchemaNames(addSharedResponses(document));
}

/**
 * GET /api/docs (Swagger UI, its own assets under /api/docs/) and /api/docs.json. The UI's page
 * loads only same-origin scripts and styles, so it runs under the app's CSP unchanged.
 */
export function setupApiDocs(app: NestFastifyApplication) {
  SwaggerModule.setup(API_DOCS_PATH, app, () => createApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON,
    raw: ['json'],
    customSiteTitle: `${PRODUCT_NAME} API`,
    swaggerOptions: { withCredentials: true, persistAuthorization: false },
  });
}
