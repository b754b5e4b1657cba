import { ApiClient, latestMail, testEmail, verificationCode } from '@aero/testing';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The mails a call sends are written in the language of the app that made it (its
 * `Accept-Language`, which the web app sets to its active language): through the real gateway,
 * the identity service and its mail job, read from the dev mailbox, in both runtime modes.
 */
describe.each(GATEWAY_MODES)('the language of the mails (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { RATE_LIMIT_FAILURES_PER_IP: '100' });
    base = gw.base;
  });

  afterAll(() => gw?.close());

  const client = (acceptLanguage: string) => new ApiClient(base, { 'accept-language': acceptLanguage });

  it('a sign-up from an app in German gets its code in German', async () => {
    const email = testEmail('de');
    expect((await client('de-DE,de;q=0.9').post('/api/auth/signup', { email, password: 'cabin-crew1' })).status).toBe(201);
    const mail = await latestMail(base, email, /./);
    expect(mail.subject).toBe('Dein AeroMatch-Bestätigungscode');
    expect(mail.text).toMatch(/Dein Bestätigungscode lautet \d{6}\.\nEr läuft in 15 Minuten ab\./);
    expect(mail.html).toContain('<html lang="de">');
  });

  it('a sign-up whose header is garbage gets its code in English', async () => {
    const email = testEmail('garbage');
    expect((await client('garbage!!;q=x,,').post('/api/auth/signup', { email, password: 'cabin-crew1' })).status).toBe(201);
    const mail = await latestMail(base, email, /./);
    expect(mail.subject).toBe('Your AeroMatch verification code');
    expect(await verificationCode(base, email)).toMatch(/^\d{6}$/);
  });

  it('a resend, a sign-in of an unverified account, a forgotten password and a second sign-up each write in the language asked for', async () => {
    const email = testEmail('many');
    const seen = new Set<string>();
    const next = async () => {
      const mail = await latestMail(base, email, /./, seen);
      seen.add(mail.id);
      return mail;
    };
    expect((await client('en-US,en;q=0.9').post('/api/auth/signup', { email, password: 'cabin-crew1' })).status).toBe(201);
    expect((await next()).subject).toBe('Your AeroMatch verification code');

    expect((await client('es-ES,es;q=0.9,en;q=0.5').post('/api/auth/resend-verification', { email })).status).toBe(200);
    expect((await next()).subject).toBe('Tu código de verificación de AeroMatch');

    expect((await client('it-IT, de;q=0.8').post('/api/auth/login', { email, password: 'cabin-crew1' })).body).toEqual({ requiresVerification: true });
    const german = await next();
    expect(german.subject).toBe('Dein AeroMatch-Bestätigungscode');

    const api = client('fr-CA');
    const code = /\b(\d{6})\b/.exec(german.text)![1];
    expect((await api.post('/api/auth/verify', { email, code })).status).toBe(200);
    expect((await api.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await next();
    expect(reset.subject).toBe('Réinitialisez votre mot de passe AeroMatch');
    expect(reset.text).toMatch(/valable 30 minutes/);
    expect(reset.text).toMatch(/\/reset-password\?token=/);

    expect((await client('de').post('/api/auth/signup', { email, password: 'other-pass' })).status).toBe(201);
    expect((await next()).subject).toBe('AeroMatch: Du hast bereits ein Konto');
  });
});
