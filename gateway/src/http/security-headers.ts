import fastifyHelmet from '@fastify/helmet';
import type { Settings } from '@aero/config';
import type { FastifyInstance } from 'fastify';

/** The payment provider's hosts (Stripe.js, its frames and API, as Stripe's security guide lists them), allowed only when Stripe keys are set. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy the web app runs under: its own scripts only (plus Stripe.js when
 * payments are configured), no framing, no plugins; images and media (and chat
 * attachment uploads) also from the object store when it is S3 (signed URLs point there).
 */
export function contentSecurityPolicy(settings: Pick<Settings, 'publicUrl' | 's3' | 'stripe'>) {
  const site = new URL(settings.publicUrl);
  const https = site.protocol === 'https:';
  const objects = settings.s3 ? [new URL(settings.s3.endpoint).origin] : [];
  const stripe = settings.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...stripe.script],
    // styled-components writes its rules into <style> elements at run time
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...objects],
    mediaSrc: ["'self'", 'blob:', ...objects],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", `${https ? 'wss' : 'ws'}://${site.host}`, ...objects, ...stripe.connect],
    frameSrc: stripe.frame.length ? stripe.frame : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** Security headers on every response (@fastify/helmet); HSTS only when the public URL is https. */
export async function registerSecurityHeaders(app: FastifyInstance, settings: Settings) {
  const https = settings.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(settings) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // signed photo URLs on S3 and the socket are same-site or listed above
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
