import { ServerLimits } from '@aero/contracts';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The day's verification mails of an address (ServerLimits.verificationMailsPerAddressPerDay),
 * through the real gateway and identity in both runtime modes (dev mailbox). Each mail is a fresh
 * code with five tries, so without the allowance a guesser who asks for a code again and again
 * (or signs up again with the address) tries about a thousand codes a day against an unverified
 * account, and floods its owner's inbox. The account limits are raised here so that one window
 * reaches the allowance.
 */
describe.each(GATEWAY_MODES)('verification mails per address (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  const allowance = ServerLimits.verificationMailsPerAddressPerDay;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { RATE_LIMIT_PER_ACCOUNT: String(allowance + 5), RATE_LIMIT_FAILURES_PER_IP: '100' });
  });

  afterAll(() => gw?.close());

  const mailsTo = async (email: string) => ((await (await fetch(`${gw.base}/dev/mailbox/messages`)).json()) as { to: string }[]).filter((m) => m.to === email).length;
  const verify = async (email: string, code: string) => (await new ApiClient(gw.base).post('/api/auth/verify', { email, code })).body.code as string | undefined;

  it('mails an address at most its allowance a day: beyond it no code is issued and no window opens again, with an account or without; a new account still gets its first code', async () => {
    const api = new ApiClient(gw.base);
    const account = testEmail('unverified');
    const nobody = testEmail('no-account');
    const password = 'cabin-crew1';
    expect((await api.post('/api/auth/signup', { email: account, password })).status).toBe(201);
    // the sign-up's mail, then resends up to the allowance (the address without an account is
    // answered and counted the same, and mailed nothing)
    for (let i = 1; i < allowance; i++) {
      expect((await api.post('/api/auth/resend-verification', { email: account })).status).toBe(200);
      expect((await api.post('/api/auth/resend-verification', { email: nobody })).status).toBe(200);
    }
    expect((await api.post('/api/auth/resend-verification', { email: nobody })).status).toBe(200);
    await eventually(async () => (await mailsTo(account)) === allowance, 15_000, `${allowance} mails`);
    const code = await verificationCode(gw.base, account);
    const wrong = code === '000000' ? '111111' : '000000';
    // both windows used up by wrong codes
    for (let i = 0; i < ServerLimits.verificationCodeMaxAttempts; i++) {
      expect(await verify(account, wrong)).toBe('invalid_code');
      expect(await verify(nobody, wrong)).toBe('invalid_code');
    }
    // beyond the allowance: a resend, an unverified sign-in and a sign-up again are answered as
    // ever, and mail nothing; the used-up windows stay used up, the right code included
    expect((await api.post('/api/auth/resend-verification', { email: account })).status).toBe(200);
    expect((await api.post('/api/auth/resend-verification', { email: nobody })).status).toBe(200);
    expect((await new ApiClient(gw.base).post('/api/auth/login', { email: account, password })).body).toEqual({ requiresVerification: true });
    expect((await new ApiClient(gw.base).post('/api/auth/signup', { email: account, password: 'other-pass-2' })).status).toBe(201);
    // (a mail the jobs still owed would have arrived by now)
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await mailsTo(account)).toBe(allowance);
    expect(await verify(account, code)).toBe('code_exhausted');
    expect(await verify(nobody, wrong)).toBe('code_exhausted');
    // signing up with the address that had no account: its first code comes all the same
    expect((await api.post('/api/auth/signup', { email: nobody, password })).status).toBe(201);
    const first = await verificationCode(gw.base, nobody);
    expect((await new ApiClient(gw.base).post('/api/auth/verify', { email: nobody, code: first, password })).status).toBe(200);
  });
});
