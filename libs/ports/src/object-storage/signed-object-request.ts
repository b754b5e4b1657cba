import { verifySignedUrl } from './local-signed-url.js';
import type { ObjectStorage } from './object-storage.port.js';

/** The parts of an HTTP request to `/objects/*` that matter, independent of the web framework. */
export interface SignedObjectRequest {
  method: string;
  /** path and query as received, e.g. `/objects/photos/u1/p.jpg?method=GET&exp=…&sig=…` */
  url: string;
  /** the request's Content-Type header (uploads) */
  contentType?: string;
  /** the request body (uploads); the caller enforces size limits before reading it */
  body?: Buffer;
}

export interface SignedObjectResponse {
  status: number;
  headers: Record<string, string>;
  body?: Buffer;
}

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Serves a local signed URL: the gateway's `GET|HEAD|PUT /objects/*` routes hand the request here
 * and copy the answer back, so the rules (signature, method, expiry, bound content type) live once.
 */
export async function handleSignedObjectRequest(
  storage: ObjectStorage,
  secret: string,
  request: SignedObjectRequest,
  now: number = Date.now(),
): Promise<SignedObjectResponse> {
  const check = verifySignedUrl(secret, request.url, request.method, now);
  if (!check.ok) return { status: 403, headers: {}, body: Buffer.from(`Forbidden: ${check.reason}`) };

  if (check.method === 'PUT') {
    const contentType = check.contentType ?? (mediaType(request.contentType) || 'application/octet-stream');
    // An upload URL bound to a type cannot be used to store something else under that key.
    if (check.contentType && mediaType(request.contentType) !== mediaType(check.contentType)) {
      return { status: 403, headers: {}, body: Buffer.from('Forbidden: content type does not match the signed URL') };
    }
    await storage.put(check.key, request.body ?? Buffer.alloc(0), contentType);
    return { status: 204, headers: {} };
  }

  const found = await storage.get(check.key);
  if (!found) return { status: 404, headers: {}, body: Buffer.from('Not found') };
  return {
    status: 200,
    headers: {
      'content-type': found.contentType,
      'content-length': String(found.body.length),
      // Private, short-lived content: the browser may keep it, shared caches may not.
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    },
    body: request.method.toUpperCase() === 'HEAD' ? undefined : found.body,
  };
}
