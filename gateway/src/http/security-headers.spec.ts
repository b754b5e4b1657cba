import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiSecurityHeaders, contentSecurityPolicy, helmetOptions, isApiPath, registerSecurityHeaders, securityHeaderWriter, takesApiHeaders } from './security-headers.js';

describe('contentSecurityPolicy', () => {
  it('allows the S3 object store for images, media and uploads only when S3 is configured', () => {
    const local = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: undefined, stripe: undefined } as never);
    expect(local.connectSrc).toEqual(["'self'", 'wss://aero.example']);
    // the address browsers reach it at (S3_PUBLIC_URL), not the services' own
    const s3 = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: { endpoint: 'http://minio:9000', publicUrl: 'https://files.example:9000/' }, stripe: undefined } as never);
    for (const directive of [s3.imgSrc, s3.mediaSrc, s3.connectSrc]) expect(directive).toContain('https://files.example:9000');
    for (const directive of [s3.imgSrc, s3.mediaSrc, s3.connectSrc]) expect(directive).not.toContain('http://minio:9000');
    expect(s3.scriptSrc).not.toContain('https://files.example:9000');
  });

  it('allows Stripe.js, its frames and its API only when Stripe takes the payments', () => {
    const test = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: undefined, stripe: undefined } as never);
    expect([...test.scriptSrc, ...test.connectSrc].some((h) => h.includes('stripe'))).toBe(false);
    expect(test.frameSrc).toEqual(["'none'"]);
    const stripe = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: undefined, stripe: { secretKey: 'sk_test_x' } } as never);
    expect(stripe.scriptSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe.frameSrc).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.connectSrc).toContain('https://api.stripe.com');
  });
});

describe('registerSecurityHeaders', () => {
  /** the headers of a 200 and of a 404, names as sent on the wire, without the date */
  async function answers(register: (app: FastifyInstance) => PromiseLike<unknown>) {
    const app = Fastify();
    await register(app);
    app.get('/thing', () => ({ ok: true }));
    const heads = [];
    for (const url of ['/thing', '/nothing']) {
      const res = await app.inject({ method: 'GET', url });
      heads.push({ status: res.statusCode, headers: Object.entries(res.headers).filter(([name]) => name !== 'date'), raw: (res.raw.res as typeof res.raw.res & { getRawHeaderNames(): string[] }).getRawHeaderNames() });
    }
    await app.close();
    return heads;
  }

  it.each(['http://localhost:3000', 'https://aero.example'])('sends the web app exactly the headers @fastify/helmet sends (%s)', async (publicUrl) => {
    const settings = { publicUrl, s3: undefined, stripe: { secretKey: 'sk_test_x' } } as never;
    const precomputed = await answers((app) => securityHeaderWriter(settings).then((write) => registerSecurityHeaders(app, write)));
    const plugin = await answers((app) => app.register(fastifyHelmet, helmetOptions(settings)));
    expect(precomputed).toEqual(plugin);
    expect(precomputed[0].raw).toContain('Content-Security-Policy');
    expect(precomputed[1].headers.map(([name]) => name)).toContain('x-content-type-options');
  });
});

describe('API responses', () => {
  it('are the paths under /api/ but the API description\'s page and its assets', () => {
    for (const url of ['/api/health', '/api/docs.json', '/api/docsx', '/api/photos/1?x=/api/docs', '/api/']) expect(isApiPath(url)).toBe(true);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/swagger-ui.css', '/api/docs?x=1', '/', '/auth', '/assets/app.js', '/apix', '/API/health']) expect(isApiPath(url)).toBe(false);
  });

  it("are also the members' stored files, which must never run as one of the app's pages", () => {
    for (const url of ['/objects/attachments/a/b.checked?method=GET&sig=1', '/api/health']) expect(takesApiHeaders(url)).toBe(true);
    for (const url of ['/', '/auth', '/assets/app.js', '/objectsx', '/api/docs']) expect(takesApiHeaders(url)).toBe(false);
    // as the router decodes them: an encoded path is the API (or a stored file) all the same
    for (const url of ['/%61pi/users/me', '/%6fbjects/objects/photos/u/p/display.webp?method=GET', '/api%2Fhealth']) expect(takesApiHeaders(url)).toBe(true);
    expect(takesApiHeaders('/%E0%A4%A')).toBe(false);
  });

  it('get the REST headers: no store, nothing loads or frames them, no sniffing, no cross-origin reads; HSTS on https', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, await securityHeaderWriter({ publicUrl: 'https://aero.example', s3: undefined, stripe: undefined } as never));
    app.get('/api/thing', () => ({ ok: true }));
    app.get('/api/cached', (_request, reply) => reply.header('Cache-Control', 'private, max-age=60').send({ ok: true }));
    const thing = await app.inject({ method: 'GET', url: '/api/thing' });
    const missing = await app.inject({ method: 'GET', url: '/api/nothing' });
    const cached = await app.inject({ method: 'GET', url: '/api/cached' });
    await app.close();
    for (const res of [thing, missing]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    }
    expect(missing.statusCode).toBe(404);
    expect(cached.headers['cache-control']).toBe('private, max-age=60');
    expect(apiSecurityHeaders({ publicUrl: 'http://localhost:3000' }).map(([name]) => name)).not.toContain('Strict-Transport-Security');
  });

  it.each([
    ['https://aero.example', true],
    ['HTTPS://aero.example', true],
    ['http://aero.example', false],
  ])('agree with the web app on whether the site is https: HSTS and upgraded requests go together (%s)', (publicUrl, https) => {
    const settings = { publicUrl, s3: undefined, stripe: undefined } as never;
    expect(apiSecurityHeaders(settings).some(([name]) => name === 'Strict-Transport-Security')).toBe(https);
    expect(Boolean(helmetOptions(settings).strictTransportSecurity)).toBe(https);
    expect(contentSecurityPolicy(settings).upgradeInsecureRequests !== null).toBe(https);
  });
});
