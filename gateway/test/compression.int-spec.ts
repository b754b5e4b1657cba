import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createMember, type Member } from './support/members.js';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

/** a raw call (fetch would decode the body and hide what was sent on the wire) */
function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const payload = body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const req = request(`${base}${path}`, { method, headers: { origin: base, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const decoded = (res: { headers: Record<string, unknown>; body: Buffer }) =>
  JSON.parse((res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString('utf8')) as unknown;

/**
 * The API's answers to reads travel compressed (brotli, else gzip) from 1 KB up; answers to writes,
 * small answers and the web build's files never are on the fly, and a compressed request body is
 * not unpacked.
 */
describe('API answers compressed', () => {
  let gw: TestGateway;
  let ana: Member;
  let webRoot: string;
  const bio = 'Captain on the A320 out of Dallas, weekend hiker, coffee snob, always up for a layover dinner. '.repeat(9).trim();
  const sourceMap = JSON.stringify({ version: 3, sources: Array.from({ length: 200 }, (_, i) => `../../src/screen-${i}.tsx`), mappings: ';AAAA'.repeat(400) });

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'aero-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>AeroMatch</title>');
    writeFileSync(join(webRoot, 'assets/main-4f2a.js.map'), sourceMap);
    gw = await startTestGateway('single-node', {}, { webRoot });
    ana = await createMember(gw.base, 'Ana', 'female', { bio });
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a read of more than 1 KB brotli-compressed to a client that accepts it, the same JSON as uncompressed', async () => {
    const plain = await raw(gw.base, 'GET', '/api/users/me', { cookie: ana.api.cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await raw(gw.base, 'GET', '/api/users/me', { cookie: ana.api.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: expect.stringMatching(/accept-encoding/i), 'content-type': expect.stringMatching(/^application\/json/) });
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(decoded(br)).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(JSON.stringify(decoded(br))).toContain('layover dinner');
  });

  it('sends gzip to a client without brotli', async () => {
    const gz = await raw(gw.base, 'GET', '/api/users/me', { cookie: ana.api.cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toMatchObject({ id: ana.id });
  });

  it('leaves a small answer as it is', async () => {
    const res = await raw(gw.base, 'GET', '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leaves the web build’s files to the build (a source map is JSON too)', async () => {
    const res = await raw(gw.base, 'GET', '/assets/main-4f2a.js.map', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(sourceMap);
  });

  it('never compresses the answer to a write, however large', async () => {
    const res = await raw(gw.base, 'PATCH', `/api/users/${ana.id}`, { cookie: ana.api.cookie, 'accept-encoding': 'br, gzip' }, { bio: `${bio} Also a glider pilot.` });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ id: ana.id });
  });

  it('does not unpack a compressed request body', async () => {
    const res = await raw(gw.base, 'PATCH', `/api/users/${ana.id}`, { cookie: ana.api.cookie, 'content-encoding': 'gzip' }, gzipSync(JSON.stringify({ bio: 'Changed' })));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const me = JSON.stringify(decoded(await raw(gw.base, 'GET', '/api/users/me', { cookie: ana.api.cookie })));
    expect(me).toContain('glider pilot');
    expect(me).not.toContain('Changed');
  });
});
