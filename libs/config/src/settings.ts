import { resolve } from 'node:path';

export const SERVICE_NAMES = ['identity', 'profiles', 'discovery', 'messaging', 'notifications', 'billing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface S3Settings {
  endpoint: string;
  /** S3_PUBLIC_URL: where browsers reach the store (its presigned URLs), when not at `endpoint` (a container network's name, say) */
  publicUrl: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

/** the VAPID key pair of web push (base64url, as web-push and PushManager.subscribe take them) */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  publishableKey: string;
  /** STRIPE_API_URL: another Stripe API origin (a local stand-in in tests); Stripe's own by default */
  apiUrl?: string;
}

/**
 * Every setting the product reads, from the environment, in one place. Each port picks its
 * adapter from its own setting: absent means the single-node default.
 */
export interface Settings {
  port: number;
  publicUrl: string;
  dataDir: string;
  /** explicit per-service URL (`<SERVICE>_DATABASE_URL`) or the shared `DATABASE_URL`; undefined = embedded */
  databaseUrl(service: ServiceName): string | undefined;
  natsUrl?: string;
  /** JetStream stream and subject prefix of domain events (tests use unique ones) */
  eventsStream: string;
  eventsPrefix: string;
  /**
   * RPC_PREFIX: the namespace of service calls on NATS; by default derived from EVENTS_PREFIX (one
   * prefix namespaces a deployment on a shared NATS), outside the event stream's `<EVENTS_PREFIX>.>`
   */
  rpcPrefix: string;
  /** how long events stay in the JetStream stream (and the single-node event log); 0 = forever */
  eventsMaxAgeSeconds: number;
  /** size cap of the JetStream stream: beyond it the oldest events are dropped; -1 = none */
  eventsMaxBytes: number;
  redisUrl?: string;
  /** key prefix for everything this deployment keeps in Redis */
  redisPrefix: string;
  s3?: S3Settings;
  smtpUrl?: string;
  mailFrom: string;
  stripe?: StripeSettings;
  adminEmails: string[];
  demoSeed: boolean;
  sessionSecret?: string;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither); absent: generated once and kept in DATA_DIR */
  vapidKeys?: VapidKeys;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services; default mailto: MAIL_FROM's address */
  vapidSubject: string;
  logLevel: string;
  /** NODE_ENV=production: no dev mailbox (SMTP_URL required), no test payments unless allowed (Stripe required) */
  production: boolean;
  /** TEST_PAYMENTS: the test payment provider may run with NODE_ENV=production (a local container demo); off by default */
  testPaymentsInProduction: boolean;
  /**
   * PUSH_ANY_ENDPOINT: web pushes may go to any http(s) address a member saves, not only to the
   * browsers' push services (a local push service in tests); off by default, refused in production
   */
  pushAnyEndpoint: boolean;
  /** API_DOCS: Swagger UI at /api/docs and the OpenAPI document at /api/docs.json; on unless NODE_ENV=production */
  apiDocs: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDRs, TRUST_PROXY); none by default,
   * so a client cannot choose its own IP for the per-IP limits.
   */
  trustProxy: string[];
  rateLimits: RateLimitSettings;
  sessions: SessionSettings;
  /** a socket marks its member online for this long and refreshes the mark every third of it; a crashed gateway's marks expire */
  presenceTtlSeconds: number;
  /** METRICS_PORT: each process serves /metrics, /livez and /readyz on this port (unset: none) */
  metricsPort?: number;
  /** BILLING_SWEEP_SECONDS: how often billing looks for paid periods that ended (renewed, or lapsed) */
  billingSweepSeconds: number;
  /** BILLING_SWEEP_BATCH: paid periods one sweep checks at most (each a call to the payment provider) */
  billingSweepBatch: number;
  /**
   * UPLOADS_IN_FLIGHT: photo and document uploads one gateway process reads and handles at once
   * (each holds up to 6 × 10 MB in memory while its images are decoded); more wait briefly, then 503
   */
  uploadsInFlight: number;
}

/** Limits per window (RATE_LIMIT_WINDOW_SECONDS) on the sign-up, sign-in, verify and reset steps. */
export interface RateLimitSettings {
  windowSeconds: number;
  /** requests on one step for one account (email, or reset token) from anywhere */
  perAccount: number;
  /** requests on one step from one client IP, successful ones included (generous: crew hotels share addresses) */
  perIp: number;
  /** failed attempts (wrong password, code or token, refused input) from one client IP, all steps together */
  failuresPerIp: number;
  /** photo and document uploads per member */
  uploadsPerMember: number;
  /** likes, super likes, passes, undos and profile views per member (generous for a person, not a script) */
  swipesPerMember: number;
  /** decks read per member (GET /api/discovery and /filtered; each may ask the profile and account owners again for one who may not swipe yet) */
  decksPerMember: number;
  /** reports, blocks and unblocks per member: a budget of their own, so a member who swiped a lot can still block someone */
  safetyCallsPerMember: number;
  /** chat messages per member, over HTTP and the socket together */
  messagesPerMember: number;
  /** conversations marked read per member, over HTTP and the socket together (each a write; the app marks one as messages arrive in it while it is open) */
  readsPerMember: number;
  /** real-time connections (/ws handshakes) a member opens: each tells their matches they came online, and starts their typing afresh */
  connectionsPerMember: number;
  /** subscription set-ups and cancellations per member (each locks the member's billing row and may call Stripe) */
  subscriptionCallsPerMember: number;
  /** layovers added or changed per member in a day (not the window above): moving one from city to city is no way to find someone */
  layoversPerMemberPerDay: number;
  /** changes of a member's own location or base airport in a day: moving oneself around is no way to find where someone is either */
  locationChangesPerMemberPerDay: number;
}

export interface SessionSettings {
  /** a session unused for this long ends (sliding) */
  idleSeconds: number;
  /** a session ends this long after sign-in whatever its use */
  absoluteSeconds: number;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

/**
 * Whether the site is served over https (its PUBLIC_URL): cookies are then Secure and responses
 * carry HSTS. The one place that reads it; the scheme is compared as URLs do, case-insensitively.
 */
export function servedOverHttps(settings: Pick<Settings, 'publicUrl'>): boolean {
  return /^https:\/\//i.test(settings.publicUrl);
}

/** `Name <a@b>` or `a@b` → `a@b` */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const port = int(env.PORT, 3000);
  const s3 =
    env.S3_ENDPOINT && env.S3_ACCESS_KEY && env.S3_SECRET_KEY
      ? { endpoint: env.S3_ENDPOINT, publicUrl: env.S3_PUBLIC_URL || env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET || 'aero' }
      : undefined;
  const stripe =
    env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          priceId: env.STRIPE_PRICE_ID ?? '',
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
          apiUrl: env.STRIPE_API_URL || undefined,
        }
      : undefined;
  const mailFrom = env.MAIL_FROM || 'AeroMatch <no-reply@aeromatch.local>';
  return {
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl: (service) => env[`${service.toUpperCase()}_DATABASE_URL`] || env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    eventsStream: env.EVENTS_STREAM || 'EVENTS',
    eventsPrefix: env.EVENTS_PREFIX || 'evt',
    rpcPrefix: env.RPC_PREFIX ?? `${env.EVENTS_PREFIX || 'evt'}_rpc`,
    eventsMaxAgeSeconds: int(env.EVENTS_MAX_AGE_SECONDS, 7 * 24 * 3600),
    eventsMaxBytes: int(env.EVENTS_MAX_BYTES, 1024 ** 3),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'aero:',
    s3,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    stripe,
    adminEmails: list(env.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    // the demo crew: on by default in single-node mode, off in distributed mode unless set
    // never by default in production: fake "verified" members liking real ones
    demoSeed: flag(env.DEMO_SEED, !env.NATS_URL && env.NODE_ENV !== 'production'),
    sessionSecret: env.SESSION_SECRET || undefined,
    vapidKeys: env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY ?? '', privateKey: env.VAPID_PRIVATE_KEY ?? '' } : undefined,
    vapidSubject: env.VAPID_SUBJECT || `mailto:${mailAddress(mailFrom)}`,
    logLevel: env.LOG_LEVEL || 'info',
    production: env.NODE_ENV === 'production',
    testPaymentsInProduction: flag(env.TEST_PAYMENTS, false),
    pushAnyEndpoint: flag(env.PUSH_ANY_ENDPOINT, false),
    apiDocs: flag(env.API_DOCS, env.NODE_ENV !== 'production'),
    trustProxy: list(env.TRUST_PROXY),
    rateLimits: {
      windowSeconds: int(env.RATE_LIMIT_WINDOW_SECONDS, 900),
      perAccount: int(env.RATE_LIMIT_PER_ACCOUNT, 10),
      perIp: int(env.RATE_LIMIT_PER_IP, 200),
      failuresPerIp: int(env.RATE_LIMIT_FAILURES_PER_IP, 30),
      uploadsPerMember: int(env.RATE_LIMIT_UPLOADS, 60),
      swipesPerMember: int(env.RATE_LIMIT_SWIPES, 600),
      decksPerMember: int(env.RATE_LIMIT_DECKS, 300),
      safetyCallsPerMember: int(env.RATE_LIMIT_SAFETY_CALLS, 100),
      messagesPerMember: int(env.RATE_LIMIT_MESSAGES, 600),
      readsPerMember: int(env.RATE_LIMIT_READS, 1200),
      connectionsPerMember: int(env.RATE_LIMIT_CONNECTIONS, 120),
      subscriptionCallsPerMember: int(env.RATE_LIMIT_SUBSCRIPTION_CALLS, 30),
      layoversPerMemberPerDay: int(env.RATE_LIMIT_LAYOVERS, 20),
      locationChangesPerMemberPerDay: int(env.RATE_LIMIT_LOCATIONS, 20),
    },
    presenceTtlSeconds: Math.max(3, int(env.PRESENCE_TTL_SECONDS, 60)),
    billingSweepSeconds: Math.max(1, int(env.BILLING_SWEEP_SECONDS, 300)),
    billingSweepBatch: Math.max(1, int(env.BILLING_SWEEP_BATCH, 100)),
    uploadsInFlight: Math.max(1, int(env.UPLOADS_IN_FLIGHT, 4)),
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 9464) : undefined,
    sessions: {
      idleSeconds: int(env.SESSION_IDLE_SECONDS, 14 * 24 * 3600),
      absoluteSeconds: int(env.SESSION_MAX_AGE_SECONDS, 30 * 24 * 3600),
    },
  };
}

/** Refuses settings that are unsafe in production or incomplete, with a message naming what to set. */
export function assertDeployable(settings: Settings): void {
  if (settings.vapidKeys && (!settings.vapidKeys.publicKey || !settings.vapidKeys.privateKey)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (a pair from `npx web-push generate-vapid-keys`) or neither (one pair is generated and kept in DATA_DIR)');
  }
  if (settings.stripe && (!settings.stripe.webhookSecret || !settings.stripe.priceId || !settings.stripe.publishableKey)) {
    throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID (the $9.99 monthly price) and STRIPE_PUBLISHABLE_KEY; unset all four for the test payment provider');
  }
  if (settings.rpcPrefix === settings.eventsPrefix || settings.rpcPrefix.startsWith(`${settings.eventsPrefix}.`)) {
    throw new Error(`RPC_PREFIX (${settings.rpcPrefix}) must lie outside the event subjects (${settings.eventsPrefix}.>): the event stream would take the service calls`);
  }
  if (settings.production && settings.sessionSecret !== undefined && (settings.sessionSecret.length < 32 || /change-me|replace_me/i.test(settings.sessionSecret))) {
    throw new Error(
      'SESSION_SECRET must be a secret of your own when NODE_ENV=production, at least 32 characters (`openssl rand -hex 32`): it signs the object URLs and device cookies, so anyone knowing a default or guessing a short one could write over members\' photos',
    );
  }
  if (settings.production && settings.pushAnyEndpoint) {
    throw new Error('PUSH_ANY_ENDPOINT must be off when NODE_ENV=production: the server would send requests to any address a member saves as their push endpoint, inside our network too');
  }
  if (settings.production && !settings.smtpUrl) {
    throw new Error('SMTP_URL is required when NODE_ENV=production: the dev mailbox (used without SMTP_URL) is for local development only');
  }
  if (settings.production && !settings.stripe && !settings.testPaymentsInProduction) {
    throw new Error('STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and STRIPE_PUBLISHABLE_KEY) is required when NODE_ENV=production: the test payment provider, used without them, activates a subscription for any test card (TEST_PAYMENTS=true allows it, for a local demo only)');
  }
}
