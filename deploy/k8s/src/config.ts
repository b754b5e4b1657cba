import { k8s } from 'cdk8s-plus-33';
import type { Construct } from 'constructs';
import { createHash } from 'node:crypto';
import type { Variant } from './variants.ts';
import { CONFIG_MAP, HTTP_PORT, OPS_PORT, SECRET } from './workload.ts';

export const publicUrl = (variant: Variant) => `${variant.tls ? 'https' : 'http'}://${variant.host}`;

/**
 * The settings every process reads (README, Configuration) that are not secret. The in-cluster
 * addresses are those of the Helm releases deploy/k8s/README.md installs (postgresql, nats, redis).
 */
export function configData(variant: Variant): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: variant.logLevel,
    PORT: String(HTTP_PORT),
    METRICS_PORT: String(OPS_PORT),
    PUBLIC_URL: publicUrl(variant),
    TRUST_PROXY: variant.trustProxy,
    NATS_URL: 'nats://nats:4222',
    S3_ENDPOINT: variant.s3Endpoint,
    S3_BUCKET: 'aeromatch',
    MAIL_FROM: `AeroMatch <no-reply@${variant.host}>`,
    ADMIN_EMAILS: `admin@${variant.host}`,
    DEMO_SEED: 'false',
  };
}

export const checksum = (data: Record<string, string>) => createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);

export function configMap(scope: Construct, data: Record<string, string>): void {
  new k8s.KubeConfigMap(scope, 'config', { metadata: { name: CONFIG_MAP, labels: { 'app.kubernetes.io/name': 'aeromatch' } }, data });
}

/** every value of the Secret template starts with this: the test refuses anything else */
export const PLACEHOLDER = 'REPLACE_ME';

/**
 * The Secret's keys, each with a placeholder and never a real value: fill a copy in (or create it
 * with `kubectl create secret generic`, deploy/k8s/README.md).
 */
export const secretKeys: Record<string, { placeholder: string }> = {
  DATABASE_URL: { placeholder: `${PLACEHOLDER}:postgres://aeromatch:PASSWORD@postgresql:5432/aeromatch` },
  REDIS_URL: { placeholder: `${PLACEHOLDER}:redis://:PASSWORD@redis-master:6379` },
  S3_ACCESS_KEY: { placeholder: PLACEHOLDER },
  S3_SECRET_KEY: { placeholder: PLACEHOLDER },
  SMTP_URL: { placeholder: `${PLACEHOLDER}:smtps://USER:PASSWORD@smtp.example.com:465` },
  SESSION_SECRET: { placeholder: `${PLACEHOLDER}:openssl rand -hex 32` },
  VAPID_PUBLIC_KEY: { placeholder: `${PLACEHOLDER}:npx web-push generate-vapid-keys` },
  VAPID_PRIVATE_KEY: { placeholder: `${PLACEHOLDER}:npx web-push generate-vapid-keys` },
  // production takes real payments: start-up refuses the test payment provider there
  STRIPE_SECRET_KEY: { placeholder: `${PLACEHOLDER}:sk_live_…` },
  STRIPE_WEBHOOK_SECRET: { placeholder: `${PLACEHOLDER}:whsec_… (the webhook endpoint <PUBLIC_URL>/api/billing/webhook)` },
  STRIPE_PRICE_ID: { placeholder: `${PLACEHOLDER}:price_… (the $9.99 monthly price)` },
  STRIPE_PUBLISHABLE_KEY: { placeholder: `${PLACEHOLDER}:pk_live_…` },
};

export function secretTemplate(scope: Construct): void {
  new k8s.KubeSecret(scope, 'secret', {
    metadata: { name: SECRET, labels: { 'app.kubernetes.io/name': 'aeromatch' } },
    type: 'Opaque',
    stringData: Object.fromEntries(Object.entries(secretKeys).map(([key, { placeholder }]) => [key, placeholder])),
  });
}
