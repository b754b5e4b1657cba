import { Messages } from '@aero/contracts';
import { testEmail } from '@aero/testing';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

/**
 * The gateway's own refusals (the session guard, a rate limit, the dev mailbox) answer as every
 * other error does: `{statusCode, code, message}` with a code of ErrorCodes, and a 429 says when
 * to come back (Retry-After). The 503 of a full upload gateway: uploads.int-spec.ts.
 */
describe('the bodies of the gateway refusals', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node', { TRUST_PROXY: '127.0.0.1,::1', RATE_LIMIT_PER_ACCOUNT: '1' })));
  afterAll(() => gw?.close());

  it('answers a guarded route without a session with 401 unauthorized', async () => {
    expect(await answer(await fetch(`${gw.base}/api/matches`))).toEqual({ status: 401, body: { statusCode: 401, code: 'unauthorized', message: Messages.notSignedIn } });
  });

  it('answers a used-up limit with 429 rate_limited and Retry-After', async () => {
    const email = testEmail('limited');
    const once = (body: object) => fetch(`${gw.base}/api/auth/login`, { method: 'POST', headers: { origin: gw.base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await once({ email, password: 'secret-pass' })).status).toBe(401);
    const limited = await once({ email, password: 'secret-pass' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await answer(limited)).toEqual({ status: 429, body: { statusCode: 429, code: 'rate_limited', message: Messages.rateLimited } });
  });

  it('answers an unknown mail, and a client that is not this machine, with 404 not_found', async () => {
    expect(await answer(await fetch(`${gw.base}/dev/mailbox/messages/no-such-mail`))).toEqual({ status: 404, body: { statusCode: 404, code: 'not_found', message: 'Mail not found' } });
    for (const path of ['/dev/mailbox/messages', '/dev/mailbox']) {
      expect(await answer(await fetch(`${gw.base}${path}`, { headers: from('203.0.113.7') }))).toEqual({ status: 404, body: { statusCode: 404, code: 'not_found', message: 'Not found' } });
    }
  });
});
