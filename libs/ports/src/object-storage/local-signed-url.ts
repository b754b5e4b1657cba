import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertValidKey, type SignedUrlMethod } from './object-storage.port.js';

/**
 * HMAC-signed URLs of the local object storage: `${publicUrl}/objects/<key>?method=GET&exp=<unix>&sig=<hex>`
 * (plus `&ct=<content type>` for an upload bound to a type). The gateway serves `GET|PUT /objects/*`
 * after `verifySignedUrl` accepts the request URL.
 */
export const OBJECTS_PATH = '/objects/';

const signature = (secret: string, method: SignedUrlMethod, key: string, exp: number, contentType: string) =>
  // Newlines separate the fields so no two different inputs sign the same string.
  createHmac('sha256', secret).update(`${method}\n${key}\n${exp}\n${contentType}`).digest('hex');

export function signObjectUrl(
  secret: string,
  publicUrl: string,
  key: string,
  options: { method: SignedUrlMethod; expiresInSeconds: number; contentType?: string; now?: number },
): string {
  assertValidKey(key);
  const exp = Math.floor((options.now ?? Date.now()) / 1000) + options.expiresInSeconds;
  const query = new URLSearchParams({ method: options.method, exp: String(exp) });
  if (options.contentType) query.set('ct', options.contentType);
  query.set('sig', signature(secret, options.method, key, exp, options.contentType ?? ''));
  return `${publicUrl.replace(/\/$/, '')}${OBJECTS_PATH}${key}?${query}`;
}

export type SignedUrlCheck =
  | { ok: true; key: string; method: SignedUrlMethod; contentType?: string }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'wrong-method' | 'expired' };

/**
 * Checks a request against its signed URL. `url` may be absolute or just the path and query the
 * gateway received (behind a proxy the host differs from PUBLIC_URL, so only path and query count).
 * `method` is the HTTP method of the request; a GET URL cannot be used to upload and vice versa.
 */
export function verifySignedUrl(secret: string, url: string, method: string, now: number = Date.now()): SignedUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://local.invalid');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  // the key is the whole path after the leading /objects/ (not after one found further on)
  const key = parsed.pathname.startsWith(OBJECTS_PATH) ? parsed.pathname.slice(OBJECTS_PATH.length) : '';
  const signedMethod = parsed.searchParams.get('method');
  const exp = Number(parsed.searchParams.get('exp'));
  const sig = parsed.searchParams.get('sig') ?? '';
  const contentType = parsed.searchParams.get('ct') ?? '';
  try {
    assertValidKey(key);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if ((signedMethod !== 'GET' && signedMethod !== 'PUT') || !Number.isInteger(exp) || !/^[0-9a-f]{64}$/.test(sig)) {
    return { ok: false, reason: 'malformed' };
  }
  // Constant-time comparison: the time taken must not reveal how much of a forged signature matched.
  const expected = Buffer.from(signature(secret, signedMethod, key, exp, contentType), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'bad-signature' };
  // HEAD is a GET without the body, so a GET URL allows it.
  const requestMethod = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  if (requestMethod !== signedMethod) return { ok: false, reason: 'wrong-method' };
  if (Math.floor(now / 1000) > exp) return { ok: false, reason: 'expired' };
  return { ok: true, key, method: signedMethod, ...(contentType ? { contentType } : {}) };
}
