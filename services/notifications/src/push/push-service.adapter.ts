import type { VapidKeys } from '@aero/config';
import webpush from 'web-push';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** the JSON the service worker reads */
  payload: string;
  /** seconds the push service keeps an undelivered message */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** a newer undelivered message with the same topic replaces an older one (≤ 32 base64url characters) */
  topic: string;
}

/** delivered: the push service took it; gone: the subscription expired or was revoked (404/410) */
export type PushOutcome = 'delivered' | 'gone';

export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'PushServiceError';
  }
}

/**
 * The one place that talks to browsers' push services (Web Push protocol, RFC 8030/8291/8292).
 * `web-push` encrypts the payload (aes128gcm) and signs the VAPID header; the request itself goes
 * out through fetch, which speaks https to real push services and plain http to a local one (the
 * integration tests' stand-in, with PUSH_ANY_ENDPOINT; otherwise only https push services are
 * accepted, see push-endpoint-policy).
 */
export class PushServiceAdapter {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, message.payload, {
      vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
      TTL: message.ttlSeconds,
      urgency: message.urgency,
      topic: message.topic,
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    // fetch sets the length itself
    delete headers['Content-Length'];
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = await response.text().catch(() => '');
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status >= 200 && response.status < 300) return 'delivered';
    throw new PushServiceError(response.status, body);
  }
}
