import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

/** a raw GET (fetch would decode the body and hide Content-Encoding) */
function get(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The gateway serves the web build precompressed: the build writes `<file>.br` and `<file>.gz`
 * (web/build/precompress.ts) and the gateway picks one by Accept-Encoding, brotli first.
 */
describe('web app files through the gateway', () => {
  let gw: TestGateway;
  let webRoot: string;
  const script = Buffer.from(`export const airports = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `K${i.toString(36).toUpperCase()}`))};\n`);
  const html = Buffer.from(`<!doctype html><html><head><title>AeroMatch</title></head><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`);
  const worker = Buffer.from(`self.addEventListener('install', () => self.skipWaiting());${'/* precache */'.repeat(100)}`);
  const twins = (file: string, content: Buffer) => {
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  };

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'aero-web-'));
    mkdirSync(join(webRoot, 'assets'));
    twins(join(webRoot, 'assets/index-3f9a2c.js'), script);
    twins(join(webRoot, 'index.html'), html);
    twins(join(webRoot, 'sw.js'), worker);
    writeFileSync(join(webRoot, 'assets/logo-77aa.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    gw = await startTestGateway('single-node', {}, { webRoot });
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a hashed script brotli-compressed, cached for a year, varying by Accept-Encoding', async () => {
    const res = await get(gw.base, '/assets/index-3f9a2c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await get(gw.base, '/assets/index-3f9a2c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(script)).toBe(true);
    const plain = await get(gw.base, '/assets/index-3f9a2c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.equals(script)).toBe(true);
  });

  it('serves the app shell for deep links compressed but never cached, with the security headers', async () => {
    const res = await get(gw.base, '/swipe', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(brotliDecompressSync(res.body).equals(html)).toBe(true);
  });

  it('revalidates the service worker on every load, compressed, with a 304 when unchanged', async () => {
    const res = await get(gw.base, '/sw.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache', 'service-worker-allowed': '/' });
    const again = await get(gw.base, '/sw.js', { 'accept-encoding': 'gzip, br', 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends images as they are, with their type', async () => {
    const res = await get(gw.base, '/assets/logo-77aa.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('keeps unknown API paths JSON 404s, and answers a malformed path with 400', async () => {
    const api = await get(gw.base, '/api/nothing-here', { 'accept-encoding': 'br' });
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    expect((await get(gw.base, '/%E0%A4%A')).status).toBe(400);
  });

  it("sends a page opened under another loopback name than PUBLIC_URL's there (its calls would be refused as another site's), and nothing else", async () => {
    const { port, origin } = new URL(gw.base);
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const host of [`localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const moved = await get(gw.base, '/swipe?from=%2Fhelp', { ...page, host });
      expect({ host, status: moved.status, location: moved.headers.location }).toEqual({ host, status: 308, location: `${origin}/swipe?from=%2Fhelp` });
    }
    // the address is always PUBLIC_URL's with the request's own path (a path like //evil stays on it)
    expect((await get(gw.base, '//evil.example/x', { ...page, host: `localhost:${port}` })).headers.location).toBe(`${origin}//evil.example/x`);
    // PUBLIC_URL's own name, another port (another gateway), a name that is not this machine's, an
    // API call, a socket's handshake: served as they are
    expect((await get(gw.base, '/swipe', page)).status).toBe(200);
    expect((await get(gw.base, '/swipe', { ...page, host: `localhost:${Number(port) + 1}` })).status).toBe(200);
    expect((await get(gw.base, '/swipe', { ...page, host: `evil.example:${port}` })).status).toBe(200);
    expect((await get(gw.base, '/api/nothing-here', { accept: 'application/json', host: `localhost:${port}` })).status).toBe(404);
    expect((await get(gw.base, '/ws/?EIO=4&transport=polling', { accept: '*/*', host: `localhost:${port}` })).status).not.toBe(308);
  });
});

