import { ServerLimits } from '@aero/contracts';
import { ApiClient, testEmail, verificationCode } from '@aero/testing';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The day's code tries of an address (ServerLimits.verificationTriesPerAddressPerDay), through the
 * real gateway and identity in both runtime modes (dev mailbox). A resend gives a code five fresh
 * tries, so without the day's bound a guesser who asks for codes again and again tries about a
 * thousand a day against an unverified account (whose code, sent with the guesser's own password,
 * confirms it for them). The account limits are raised here so that one window reaches the bound.
 */
describe.each(GATEWAY_MODES)('verification tries per address (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  const perDay = ServerLimits.verificationTriesPerAddressPerDay;
  const perCode = ServerLimits.verificationCodeMaxAttempts;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { RATE_LIMIT_PER_ACCOUNT: String(perDay + 20), RATE_LIMIT_FAILURES_PER_IP: String(perDay * 4) });
  });

  afterAll(() => gw?.close());

  const verify = async (email: string, code: string) => (await new ApiClient(gw.base).post('/api/auth/verify', { email, code })).body.code as string | undefined;

  it('answers every code as used up beyond the day’s tries, the right one too, alike with an account or without', async () => {
    const api = new ApiClient(gw.base);
    const account = testEmail('unverified');
    const nobody = testEmail('no-account');
    const seen = new Set<string>();
    expect((await api.post('/api/auth/signup', { email: account, password: 'cabin-crew1' })).status).toBe(201);
    let code = await verificationCode(gw.base, account, seen);
    const answers: Record<string, (string | undefined)[]> = { [account]: [], [nobody]: [] };
    // a fresh code after every five wrong ones, until the day's tries are used
    for (let tried = 0; tried < perDay; tried += perCode) {
      if (tried > 0) {
        for (const email of [account, nobody]) expect((await api.post('/api/auth/resend-verification', { email })).status).toBe(200);
        code = await verificationCode(gw.base, account, seen);
      }
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < perCode; i++) for (const email of [account, nobody]) answers[email]!.push(await verify(email, wrong));
    }
    expect(answers[account]).toEqual(Array<string>(perDay).fill('invalid_code'));
    expect(answers[nobody]).toEqual(answers[account]);
    // a fresh code, and the right one: used up, as any code for the address without an account
    for (const email of [account, nobody]) expect((await api.post('/api/auth/resend-verification', { email })).status).toBe(200);
    code = await verificationCode(gw.base, account, seen);
    expect(await verify(account, code)).toBe('code_exhausted');
    expect(await verify(nobody, code)).toBe('code_exhausted');
  });
});
