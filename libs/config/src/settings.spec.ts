import { assertDeployable, loadSettings, servedOverHttps } from './settings.js';

describe('loadSettings: event stream limits', () => {
  it('defaults to 7 days and 1 GiB', () => {
    expect(loadSettings({})).toMatchObject({ eventsMaxAgeSeconds: 604_800, eventsMaxBytes: 1_073_741_824 });
  });

  it('reads EVENTS_MAX_AGE_SECONDS and EVENTS_MAX_BYTES (0 and -1 included)', () => {
    expect(loadSettings({ EVENTS_MAX_AGE_SECONDS: '3600', EVENTS_MAX_BYTES: '10485760' })).toMatchObject({ eventsMaxAgeSeconds: 3600, eventsMaxBytes: 10_485_760 });
    expect(loadSettings({ EVENTS_MAX_AGE_SECONDS: '0', EVENTS_MAX_BYTES: '-1' })).toMatchObject({ eventsMaxAgeSeconds: 0, eventsMaxBytes: -1 });
  });
});

describe('servedOverHttps', () => {
  it('is true only when PUBLIC_URL is an https address, whatever the case of its scheme', () => {
    expect(servedOverHttps(loadSettings({ PUBLIC_URL: 'https://aero.example/' }))).toBe(true);
    expect(servedOverHttps({ publicUrl: 'HTTPS://aero.example' })).toBe(true);
    expect(servedOverHttps(loadSettings({}))).toBe(false);
    expect(servedOverHttps({ publicUrl: 'http://https.example' })).toBe(false);
  });
});

describe('loadSettings: web push (VAPID)', () => {
  it('takes both keys, and a subject that defaults to the sender address of mails', () => {
    expect(loadSettings({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'https://aeromatch.example' })).toMatchObject({
      vapidKeys: { publicKey: 'pub', privateKey: 'priv' },
      vapidSubject: 'https://aeromatch.example',
    });
    expect(loadSettings({})).toMatchObject({ vapidKeys: undefined, vapidSubject: 'mailto:no-reply@aeromatch.local' });
    expect(loadSettings({ MAIL_FROM: 'crew@aeromatch.example' }).vapidSubject).toBe('mailto:crew@aeromatch.example');
  });

  it('refuses one key without the other', () => {
    expect(() => assertDeployable(loadSettings({ VAPID_PUBLIC_KEY: 'pub' }))).toThrow('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    expect(() => assertDeployable(loadSettings({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }))).not.toThrow();
  });
});

describe('assertDeployable: production', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25' };
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };

  it('needs real mail and real payments (the test provider would give subscriptions away)', () => {
    expect(() => assertDeployable(loadSettings({ NODE_ENV: 'production', ...stripe }))).toThrow('SMTP_URL is required');
    expect(() => assertDeployable(loadSettings(production))).toThrow('STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and STRIPE_PUBLISHABLE_KEY) is required when NODE_ENV=production');
    expect(() => assertDeployable(loadSettings({ ...production, ...stripe }))).not.toThrow();
    expect(() => assertDeployable(loadSettings({ ...production, TEST_PAYMENTS: 'true' }))).not.toThrow();
    expect(() => assertDeployable(loadSettings({}))).not.toThrow();
  });

  it('refuses a placeholder or short SESSION_SECRET (unset: one is generated and kept in DATA_DIR)', () => {
    const deployable = { ...production, ...stripe };
    for (const secret of ['change-me-in-production-0123456789abcdef', 'REPLACE_ME:openssl rand -hex 32', 'short-secret']) {
      expect(() => assertDeployable(loadSettings({ ...deployable, SESSION_SECRET: secret }))).toThrow('SESSION_SECRET must be a secret of your own');
    }
    expect(() => assertDeployable(loadSettings({ ...deployable, SESSION_SECRET: 'a'.repeat(64) }))).not.toThrow();
    expect(() => assertDeployable(loadSettings({ SESSION_SECRET: 'dev' }))).not.toThrow(); // not production
  });

  it('refuses PUSH_ANY_ENDPOINT (pushes to any address a member saves), which is off unless set', () => {
    expect(() => assertDeployable(loadSettings({ ...production, ...stripe, PUSH_ANY_ENDPOINT: 'true' }))).toThrow('PUSH_ANY_ENDPOINT must be off when NODE_ENV=production');
    expect(loadSettings({}).pushAnyEndpoint).toBe(false);
    expect(() => assertDeployable(loadSettings({ PUSH_ANY_ENDPOINT: 'true' }))).not.toThrow(); // the tests' local push service
  });
});

describe('loadSettings: the namespace of service calls on NATS', () => {
  it('follows EVENTS_PREFIX, outside the event subjects, unless RPC_PREFIX says otherwise', () => {
    expect(loadSettings({}).rpcPrefix).toBe('evt_rpc');
    expect(loadSettings({ EVENTS_PREFIX: 'run42' }).rpcPrefix).toBe('run42_rpc');
    expect(loadSettings({ EVENTS_PREFIX: 'run42', RPC_PREFIX: 'calls' }).rpcPrefix).toBe('calls');
  });

  it('refuses a namespace inside the event stream’s subjects (JetStream would answer the calls)', () => {
    expect(() => assertDeployable(loadSettings({ EVENTS_PREFIX: 'prod', RPC_PREFIX: 'prod' }))).toThrow('RPC_PREFIX (prod) must lie outside the event subjects');
    expect(() => assertDeployable(loadSettings({ EVENTS_PREFIX: 'prod', RPC_PREFIX: 'prod.rpc' }))).toThrow('must lie outside');
    expect(() => assertDeployable(loadSettings({ EVENTS_PREFIX: 'prod' }))).not.toThrow();
  });
});

describe('loadSettings: the demo crew', () => {
  it('is made in single-node mode, not in distributed mode nor, unless asked, in production', () => {
    expect(loadSettings({}).demoSeed).toBe(true);
    expect(loadSettings({ NATS_URL: 'nats://127.0.0.1:4222' }).demoSeed).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production', DEMO_SEED: 'true' }).demoSeed).toBe(true);
  });
});

describe('loadSettings: object storage', () => {
  it('presigns for S3_PUBLIC_URL when browsers reach the store elsewhere, else for S3_ENDPOINT', () => {
    const s3 = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(loadSettings(s3).s3).toMatchObject({ endpoint: 'http://minio:9000', publicUrl: 'http://minio:9000', bucket: 'aero' });
    expect(loadSettings({ ...s3, S3_PUBLIC_URL: 'https://files.example' }).s3).toMatchObject({ endpoint: 'http://minio:9000', publicUrl: 'https://files.example' });
  });
});
