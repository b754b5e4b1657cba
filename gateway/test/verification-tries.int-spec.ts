import { ServerLimits } from '@aero/contracts';
import { ApiClient, testEmail, verificationCode } from '@aero/testing';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The day's wrong codes of an address (ServerLimits.verificationTriesPerAddressPerDay), through the
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
    gw = await startTestGateway(mode, { RATE_LIMIT_PER_ACCOUNT: String(perDay + 20), RATE_LIMIT_FAILURES_PER_IP: String(perDay * 10) });
  });

  afterAll(() => gw?.close());

  const api = () => new ApiClient(gw.base);
  const verify = async (email: string, code: string) => (await api().post('/api/auth/verify', { email, code })).body.code as string | undefined;

  /** an unverified account: its mails say that the mail jobs queued before them have run (one at a time, in order) */
  async function unverified(prefix: string) {
    const email = testEmail(prefix);
    const seen = new Set<string>();
    expect((await api().post('/api/auth/signup', { email, password: 'cabin-crew1' })).status).toBe(201);
    return { email, seen, code: await verificationCode(gw.base, email, seen) };
  }

  /**
   * The answers to the day's tries of a wrong code for each of `emails`: five, then a fresh window
   * for each (a resend, whose job has run once `marker`'s next code has come), and so on; then the
   * answer to one more try, `last` (say the right code).
   */
  async function tries(emails: string[], marker: Awaited<ReturnType<typeof unverified>>, last: (email: string) => string) {
    const answers = new Map<string, (string | undefined)[]>(emails.map((email) => [email, []]));
    for (let tried = 0; tried < perDay; tried += perCode) {
      if (tried > 0) {
        for (const email of [...emails.filter((e) => e !== marker.email), marker.email]) expect((await api().post('/api/auth/resend-verification', { email })).status).toBe(200);
        marker.code = await verificationCode(gw.base, marker.email, marker.seen);
      }
      const wrong = marker.code === '000000' ? '111111' : '000000';
      for (let i = 0; i < perCode; i++) for (const email of emails) answers.get(email)!.push(await verify(email, wrong));
    }
    for (const email of [...emails.filter((e) => e !== marker.email), marker.email]) expect((await api().post('/api/auth/resend-verification', { email })).status).toBe(200);
    marker.code = await verificationCode(gw.base, marker.email, marker.seen);
    for (const email of emails) answers.get(email)!.push(await verify(email, last(email)));
    return emails.map((email) => answers.get(email));
  }

  it('answers every code as used up once the day’s wrong ones are spent, the right one too, alike with an account or without', async () => {
    const account = await unverified('unverified');
    const nobody = testEmail('no-account');
    const [ofAccount, ofNobody] = await tries([account.email, nobody], account, () => account.code);
    expect(ofAccount).toEqual([...Array<string>(perDay).fill('invalid_code'), 'code_exhausted']);
    expect(ofNobody).toEqual(ofAccount);
  });

  it('forgets a verified address’s wrong codes: it reads as an address nobody tried, not as one that joined today', async () => {
    const joined = await unverified('joined');
    expect(await verify(joined.email, joined.code === '000000' ? '111111' : '000000')).toBe('invalid_code');
    expect(await verify(joined.email, joined.code === '222222' ? '333333' : '222222')).toBe('invalid_code');
    expect((await api().post('/api/auth/verify', { email: joined.email, code: joined.code })).status).toBe(200);
    const marker = await unverified('marker');
    const [ofJoined, ofNobody] = await tries([joined.email, testEmail('no-account')], marker, () => '000000');
    expect(ofJoined).toEqual([...Array<string>(perDay).fill('invalid_code'), 'code_exhausted']);
    expect(ofNobody).toEqual(ofJoined);
  });
});
