import { API_DOCS_JSON, API_DOCS_PATH } from '../src/openapi/api-docs.js';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>; requestBody?: { content: Record<string, { schema: { $ref?: string } }> }; parameters?: { name: string; in: string; required?: boolean }[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }>; securitySchemes: Record<string, { type: string; in: string; name: string }> } };

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** `/api/users/:id` → `/api/users/{id}` */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const ADMIN = 'ops-admin@example.test';

/**
 * The API description (/api/docs, /api/docs.json) covers every route the running gateway
 * answers under /api: the list comes from Fastify's own route registrations, so a route added
 * without its description fails here.
 */
describe('API description', () => {
  let gw: TestGateway;
  let doc: Document;

  beforeAll(async () => {
    gw = await startTestGateway('single-node', { ADMIN_EMAILS: ADMIN });
    const res = await fetch(`${gw.base}${API_DOCS_JSON}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as Document;
  });
  afterAll(() => gw?.close());

  const apiRoutes = () =>
    gw.gateway.routes
      .filter((r) => HTTP_METHODS.has(r.method) && r.url.startsWith('/api/') && !r.url.startsWith(API_DOCS_PATH))
      .map((r) => ({ method: r.method.toLowerCase(), path: openApiPath(r.url) }));

  it('describes every /api route of the running app with a 2xx response schema (or its redirect)', () => {
    const routes = apiRoutes();
    // the route table is real: the spec's calls are in it
    expect(routes).toEqual(expect.arrayContaining([{ method: 'post', path: '/api/auth/login' }, { method: 'patch', path: '/api/likes' }, { method: 'get', path: '/api/matches/{matchId}/messages' }, { method: 'post', path: '/api/admin/verifications/{id}/approve' }]));
    expect(routes.length).toBeGreaterThan(60);

    const missing = routes.filter(({ method, path }) => !doc.paths[path]?.[method]).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);

    const withoutSuccessSchema = routes
      .filter(({ method, path }) => {
        const responses = Object.entries(doc.paths[path]![method]!.responses);
        const success = responses.some(([status, r]) => /^2\d\d$/.test(status) && r.content?.['application/json']?.schema);
        const redirect = responses.some(([status, r]) => /^3\d\d$/.test(status) && r.headers?.Location);
        return !success && !redirect;
      })
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(withoutSuccessSchema).toEqual([]);
  });

  it('describes request bodies from the contracts, the error body, and the session cookie', () => {
    const signup = doc.paths['/api/auth/signup']!.post!;
    expect(signup.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/SignupRequest');
    expect(Object.keys(doc.components.schemas.SignupRequest!.properties!)).toEqual(expect.arrayContaining(['email', 'password']));
    // the calls that send a mail say it follows Accept-Language
    for (const path of ['/api/auth/signup', '/api/auth/login', '/api/auth/resend-verification', '/api/auth/forgot-password'])
      expect(doc.paths[path]!.post!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Accept-Language', in: 'header', required: false })]));
    expect(Object.keys(doc.components.schemas.CreateProfileBody!.properties!)).toEqual(expect.arrayContaining(['firstName', 'age', 'photos', 'airline', 'latitude']));

    expect(Object.keys(doc.components.schemas.ErrorBody!.properties!).sort()).toEqual(['code', 'message', 'statusCode']);
    const like = doc.paths['/api/likes']!.patch!;
    for (const status of ['400', '401', '403', '429']) expect(like.responses[status]!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });

    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'aero_sid' });
    // public routes need no session; the others (admin ones included) say they do
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([{}]);
    expect(doc.paths['/api/auth/login']!.post!.responses['401']).toBeDefined();
    expect(doc.paths['/api/discovery']!.get!.security ?? [{ session: [] }]).not.toEqual([{}]);
    expect(doc.paths['/api/admin/reports']!.get!.responses['403']).toBeDefined();
    expect(doc.paths['/api/admin/reports']!.get!.responses['401']).toBeDefined();
  });

  it('lists no setting, secret or private route', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain(ADMIN);
    expect(text).not.toContain(gw.settings.dataDir);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });

  it('serves Swagger UI as HTML under the app CSP, with its own assets', async () => {
    const page = await fetch(`${gw.base}${API_DOCS_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui-init.js', 'swagger-ui.css']) {
      const res = await fetch(`${gw.base}${API_DOCS_PATH}/${asset}`);
      expect([asset, res.status, (await res.arrayBuffer()).byteLength > 0]).toEqual([asset, 200, true]);
    }
  });

  it('is off with API_DOCS=false', async () => {
    await gw.stop();
    await gw.restart({ API_DOCS: 'false' });
    expect((await fetch(`${gw.base}${API_DOCS_JSON}`)).status).toBe(404);
    expect((await fetch(`${gw.base}${API_DOCS_PATH}`)).status).toBe(404);
  });
});
