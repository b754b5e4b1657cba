import type { Readable } from 'node:stream';
import { verifySignedUrl } from './local-signed-url.js';
import type { ObjectStorage } from './object-storage.port.js';

/** The parts of an HTTP request to `/objects/*` that matter, independent of the web framework. */
export interface SignedObjectRequest {
  method: string;
  /** path and query as received, e.g. `/objects/photos/u1/p.jpg?method=GET&exp=…&sig=…` */
  url: string;
  /** the request's Range header (reads), e.g. `bytes=0-1023` */
  range?: string;
  /** the request's Content-Type header (uploads) */
  contentType?: string;
  /** the request body (uploads); the caller enforces size limits before reading it */
  body?: Buffer;
}

export interface SignedObjectResponse {
  status: number;
  headers: Record<string, string>;
  /** a read's bytes come as a stream (never whole in memory: a HEAD or a range of a large object reads nothing more) */
  body?: Buffer | Readable;
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

  const found = await storage.stat(check.key);
  if (!found) return { status: 404, headers: {}, body: Buffer.from('Not found') };
  const { size } = found;
  const headers: Record<string, string> = {
    'content-type': found.contentType,
    'accept-ranges': 'bytes',
    // Private, short-lived content: the browser may keep it, shared caches may not.
    'cache-control': 'private, max-age=300',
    'x-content-type-options': 'nosniff',
  };
  const range = request.range ? byteRange(request.range, size) : null;
  if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } };
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
  headers['content-length'] = String(range ? range.end - range.start + 1 : size);
  const status = range ? 206 : 200;
  if (request.method.toUpperCase() === 'HEAD') return { status, headers };
  const body = await storage.openStream(check.key, range ?? undefined);
  if (!body) return { status: 404, headers: {}, body: Buffer.from('Not found') };
  return { status, headers, body };
}

/**
 * One range of a `Range: bytes=…` header (`a-b`, `a-`, `-n`), as S3 answers it; a header we do
 * not understand (several ranges, other units) is ignored and the whole object is sent.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
