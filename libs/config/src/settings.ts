import { resolve } from 'node:path';

export const SERVICE_NAMES = ['identity', 'profiles', 'discovery', 'messaging', 'notifications', 'billing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  publishableKey: string;
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
  logLevel: string;
  rateLimits: { windowSeconds: number; auth: number };
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const port = int(env.PORT, 3000);
  const s3 =
    env.S3_ENDPOINT && env.S3_ACCESS_KEY && env.S3_SECRET_KEY
      ? { endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET || 'aero' }
      : undefined;
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          priceId: env.STRIPE_PRICE_ID ?? '',
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
        }
      : undefined;
  return {
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl: (service) => env[`${service.toUpperCase()}_DATABASE_URL`] || env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    eventsStream: env.EVENTS_STREAM || 'EVENTS',
    eventsPrefix: env.EVENTS_PREFIX || 'evt',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'aero:',
    s3,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'AeroMatch <no-reply@aeromatch.local>',
    stripe,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    demoSeed: flag(env.DEMO_SEED, true),
    sessionSecret: env.SESSION_SECRET || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    rateLimits: { windowSeconds: int(env.RATE_LIMIT_WINDOW_SECONDS, 900), auth: int(env.RATE_LIMIT_AUTH, 20) },
  };
}
