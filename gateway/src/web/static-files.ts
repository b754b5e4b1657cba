import type { FastifyReply } from 'fastify';
import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { extname } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** what the web build precompresses (web/build/precompress.ts): these responses vary by Accept-Encoding */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt']);

export type Encoding = 'br' | 'gzip';
/** the precompressed file beside the original, by encoding; brotli first (smaller) when the client rates both alike */
const VARIANTS: { encoding: Encoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/**
 * The encodings an Accept-Encoding header allows, best first: by the client's q-value, brotli
 * before gzip at equal weight. `identity` is always possible, so it is not listed; `*` stands for
 * any encoding not named; `q=0` refuses one.
 */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return VARIANTS.map((v) => v.encoding)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/** twin path → whether it decodes to its original, for the sizes and times of both when checked */
const verified = new Map<string, { fingerprint: string; ok: boolean }>();

/**
 * Whether a precompressed twin still holds its original's bytes: a file replaced without its
 * twins (a hand-patched deployment, a test) must not be served stale. Checked once per version
 * of the pair (decoding is milliseconds), then remembered.
 */
function twinMatches(original: string, originalStats: Stats, twin: string, twinStats: Stats, encoding: Encoding): boolean {
  const fingerprint = `${originalStats.size}:${originalStats.mtimeMs}:${twinStats.size}:${twinStats.mtimeMs}`;
  const known = verified.get(twin);
  if (known?.fingerprint === fingerprint) return known.ok;
  let ok = false;
  try {
    const compressed = readFileSync(twin);
    ok = (encoding === 'br' ? brotliDecompressSync(compressed) : gunzipSync(compressed)).equals(readFileSync(original));
  } catch {
    // unreadable or corrupt: serve the original
  }
  verified.set(twin, { fingerprint, ok });
  return ok;
}

export interface StaticFileOptions {
  /** Cache-Control of this response */
  cacheControl?: string;
  acceptEncoding?: string | string[];
  ifNoneMatch?: string;
}

/**
 * Sends a file of the web build: its brotli or gzip twin (`<file>.br`, `<file>.gz`, written by the
 * build) when the client accepts it and the twin still matches the file, with Content-Encoding and `Vary: Accept-Encoding`; the
 * Content-Type of the original; Content-Length, and an ETag of the bytes sent (each encoding its
 * own), answered with 304 when the client already has them.
 */
export function sendStaticFile(reply: FastifyReply, file: string, options: StaticFileOptions = {}) {
  const ext = extname(file);
  let path = file;
  let stats: Stats = statSync(file);
  let encoding: Encoding | undefined;
  if (COMPRESSIBLE.has(ext)) {
    void reply.header('Vary', 'Accept-Encoding');
    for (const accepted of acceptedEncodings(options.acceptEncoding)) {
      const twin = `${file}${VARIANTS.find((v) => v.encoding === accepted)!.suffix}`;
      const twinStats = existsSync(twin) ? statSync(twin) : undefined;
      if (twinStats && twinMatches(file, stats, twin, twinStats, accepted)) {
        path = twin;
        stats = twinStats;
        encoding = accepted;
        break;
      }
    }
  }
  const etag = `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
  void reply
    .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
    .header('X-Content-Type-Options', 'nosniff')
    .header('ETag', etag)
    .header('Last-Modified', stats.mtime.toUTCString());
  if (options.cacheControl) void reply.header('Cache-Control', options.cacheControl);
  if (options.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  if (encoding) void reply.header('Content-Encoding', encoding);
  return reply.header('Content-Length', stats.size).send(createReadStream(path));
}
