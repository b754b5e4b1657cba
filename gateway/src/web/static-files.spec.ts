import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptedEncodings, sendStaticFile } from './static-files.js';

describe('acceptedEncodings', () => {
  it('prefers brotli to gzip when the client rates them alike', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
  });

  it("follows the client's weights and refusals", () => {
    expect(acceptedEncodings('gzip;q=1.0, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('*;q=0, x-gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, *')).toEqual(['gzip']);
  });

  it('offers nothing but identity without the header, or when it names neither', () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings('identity, deflate')).toEqual([]);
    expect(acceptedEncodings('gzip;q=0, br;q=0')).toEqual([]);
  });
});

describe('sendStaticFile (a real Fastify server, files on disk)', () => {
  let dir: string;
  let app: FastifyInstance;
  const script = Buffer.from(`export const crew = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ pilot: `P${i}`, base: 'KJFK' })))};\n`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aero-static-'));
    writeFileSync(join(dir, 'app.js'), script);
    writeFileSync(join(dir, 'app.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'app.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'only-gzip.css'), 'body{margin:0}'.repeat(100));
    writeFileSync(join(dir, 'only-gzip.css.gz'), gzipSync('body{margin:0}'.repeat(100)));
    writeFileSync(join(dir, 'small.js'), 'export {};\n');
    writeFileSync(join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    app = Fastify();
    app.get('/:name', (request, reply) =>
      sendStaticFile(reply, join(dir, (request.params as { name: string }).name), {
        acceptEncoding: request.headers['accept-encoding'],
        ifNoneMatch: request.headers['if-none-match'],
        cacheControl: 'no-cache',
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends the brotli twin to a browser that accepts both, with the original type and Vary', async () => {
    const res = await get('/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('sends the gzip twin to a client without brotli', async () => {
    const res = await get('/app.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('falls back to the next accepted encoding when a twin is missing', async () => {
    const res = await get('/only-gzip.css', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('sends the plain file (still with Vary) when no encoding is accepted or no twin exists', async () => {
    for (const [url, headers] of [
      ['/app.js', {}],
      ['/app.js', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
      ['/small.js', { 'accept-encoding': 'br, gzip' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect((await get('/app.js')).rawPayload.equals(script)).toBe(true);
  });

  it('ignores a twin that no longer holds the file (the file replaced without its twins)', async () => {
    const patched = Buffer.concat([script, Buffer.from('// patched\n')]);
    writeFileSync(join(dir, 'patched.js'), script);
    writeFileSync(join(dir, 'patched.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'patched.js.gz'), gzipSync(patched));
    expect((await get('/patched.js', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');

    writeFileSync(join(dir, 'patched.js'), patched);
    const res = await get('/patched.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip'); // the brotli twin is stale, the gzip one matches
    expect(gunzipSync(res.rawPayload).equals(patched)).toBe(true);
    const plain = await get('/patched.js', { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(patched)).toBe(true);
  });

  it('does not vary images, which are never precompressed', async () => {
    const res = await get('/icon.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('gives each encoding its own ETag and answers 304 to the matching one only', async () => {
    const br = await get('/app.js', { 'accept-encoding': 'br' });
    const gz = await get('/app.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/app.js');
    const tags = [br, gz, plain].map((r) => r.headers.etag as string);
    expect(new Set(tags).size).toBe(3);

    const revalidated = await get('/app.js', { 'accept-encoding': 'br', 'if-none-match': tags[0]! });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.vary).toBe('Accept-Encoding');
    const otherEncoding = await get('/app.js', { 'accept-encoding': 'gzip', 'if-none-match': tags[0]! });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });
});
