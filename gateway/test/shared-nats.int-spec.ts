import { ApiClient, testEmail, verificationCode } from '@aero/testing';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * Two deployments on one NATS server (two test runs, or staging next to production): each
 * namespaces its service calls (RPC_PREFIX, by default its EVENTS_PREFIX), so neither's services
 * ever answer the other's requests.
 */
describe('two deployments on one NATS server', () => {
  let a: TestGateway;
  let b: TestGateway;
  // one after the other: two distributed stacks starting at once on a busy machine can outwait
  // NATS's request timeout; and whichever started is closed, even if the other did not
  beforeAll(async () => {
    a = await startTestGateway('distributed');
    b = await startTestGateway('distributed');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('answers every call from the deployment’s own services', async () => {
    expect(a.settings.rpcPrefix).not.toBe(b.settings.rpcPrefix);
    const api = new ApiClient(a.base);
    const email = testEmail('ns');
    expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(a.base, email) })).status).toBe(200);
    // with shared subjects, b's identity (which never heard of this account) would answer about half of these
    const statuses = await Promise.all(Array.from({ length: 40 }, async () => (await api.get('/api/users/me')).status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const health = (await (await fetch(`${b.base}/api/health`)).json()) as { services: Record<string, string> };
    expect(Object.values(health.services).every((s) => s === 'ok')).toBe(true);
  });
});
