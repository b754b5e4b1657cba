import { Readable } from 'node:stream';
import { signObjectUrl, verifySignedUrl } from './local-signed-url.js';
import { handleSignedObjectRequest } from './signed-object-request.js';
import type { ObjectStorage, StoredObject } from './object-storage.port.js';

const secret = 'unit-secret';
const now = Date.UTC(2030, 0, 1);
const sign = (key: string, method: 'GET' | 'PUT', contentType?: string) =>
  signObjectUrl(secret, 'https://aero.example/', key, { method, expiresInSeconds: 300, contentType, now });

describe('local signed object URLs', () => {
  it('has the documented shape under PUBLIC_URL', () => {
    const url = new URL(sign('photos/u1/p.jpg', 'GET'));

    expect(`${url.origin}${url.pathname}`).toBe('https://aero.example/objects/photos/u1/p.jpg');
    expect(url.searchParams.get('method')).toBe('GET');
    expect(url.searchParams.get('exp')).toBe(String(now / 1000 + 300));
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts its own URL, absolute or as the path the gateway receives, until it expires', () => {
    const url = sign('photos/u1/p.jpg', 'GET');
    const { pathname, search } = new URL(url);

    expect(verifySignedUrl(secret, url, 'GET', now)).toEqual({ ok: true, key: 'photos/u1/p.jpg', method: 'GET' });
    expect(verifySignedUrl(secret, `${pathname}${search}`, 'HEAD', now + 300_000)).toMatchObject({ ok: true });
    expect(verifySignedUrl(secret, url, 'GET', now + 301_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a URL whose key, expiry or bound content type was changed, or signed with another secret', () => {
    const url = sign('photos/u1/p.jpg', 'PUT', 'image/jpeg');

    expect(verifySignedUrl(secret, url.replace('/u1/', '/u2/'), 'PUT', now)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifySignedUrl(secret, url.replace(/exp=\d+/, `exp=${now / 1000 + 9999}`), 'PUT', now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifySignedUrl(secret, url.replace('ct=image%2Fjpeg', 'ct=text%2Fhtml'), 'PUT', now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifySignedUrl('other-secret', url, 'PUT', now)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects a GET URL used to upload, and malformed URLs', () => {
    const url = sign('photos/u1/p.jpg', 'GET');

    expect(verifySignedUrl(secret, url, 'PUT', now)).toEqual({ ok: false, reason: 'wrong-method' });
    expect(verifySignedUrl(secret, url.replace('method=GET', 'method=PUT'), 'PUT', now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifySignedUrl(secret, '/objects/../secret?method=GET&exp=1&sig=00', 'GET', now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifySignedUrl(secret, url.replace(/sig=[0-9a-f]+/, 'sig=zz'), 'GET', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySignedUrl(secret, '/elsewhere', 'GET', now)).toEqual({ ok: false, reason: 'malformed' });
    // the key follows the leading /objects/ only: a path that reaches the route encoded (`/%6fbjects/…`)
    // or by another prefix is not a signed address
    const { pathname, search } = new URL(url);
    for (const prefix of ['/%6fbjects', '/objects', '/x']) {
      expect(verifySignedUrl(secret, `${prefix}${pathname}${search}`, 'GET', now)).toMatchObject({ ok: false });
    }
  });
});

describe('handleSignedObjectRequest', () => {
  // A tiny in-memory ObjectStorage: this spec is about the HTTP rules, not about storing.
  const memoryStorage = () => {
    const objects = new Map<string, StoredObject>();
    const storage: Pick<ObjectStorage, 'stat' | 'openStream' | 'put'> = {
      stat: async (key) => {
        const found = objects.get(key);
        return found ? { size: found.body.length, contentType: found.contentType } : null;
      },
      openStream: async (key, range) => {
        const found = objects.get(key);
        return found ? Readable.from([range ? found.body.subarray(range.start, range.end + 1) : found.body]) : null;
      },
      put: async (key, body, contentType) => void objects.set(key, { body, contentType }),
    };
    const streamed: Array<{ key: string; range?: { start: number; end: number } }> = [];
    const recording = { ...storage, openStream: (key: string, range?: { start: number; end: number }) => (streamed.push({ key, range }), storage.openStream(key, range)) };
    // no `get`: a read of the whole object into memory would fail the test
    return { objects, storage: recording as ObjectStorage, streamed };
  };

  it('stores an upload with the content type the URL was signed for, and refuses another type', async () => {
    const { objects, storage } = memoryStorage();
    const { pathname, search } = new URL(sign('docs/u1/letter.pdf', 'PUT', 'application/pdf'));
    const url = `${pathname}${search}`;

    const wrongType = await handleSignedObjectRequest(storage, secret, { method: 'PUT', url, contentType: 'text/html', body: Buffer.from('<script>') }, now);
    expect(wrongType.status).toBe(403);
    expect(objects.size).toBe(0);

    const ok = await handleSignedObjectRequest(storage, secret, { method: 'PUT', url, contentType: 'application/pdf; charset=binary', body: Buffer.from('%PDF') }, now);
    expect(ok.status).toBe(204);
    expect(objects.get('docs/u1/letter.pdf')).toEqual({ body: Buffer.from('%PDF'), contentType: 'application/pdf' });
  });

  it('answers HEAD from the size alone and streams only the range asked for, never reading a whole object into memory', async () => {
    const { storage, streamed } = memoryStorage();
    await storage.put('attachments/u1/clip.webm', Buffer.from('0123456789abcdef'), 'audio/webm');
    const url = (method: 'GET' | 'PUT') => `${new URL(sign('attachments/u1/clip.webm', method)).pathname}${new URL(sign('attachments/u1/clip.webm', method)).search}`;
    // HEAD is verified as the GET it comes from
    const head = await handleSignedObjectRequest(storage, secret, { method: 'HEAD', url: url('GET'), range: 'bytes=0-0' }, now);
    expect(head).toMatchObject({ status: 206, headers: { 'content-length': '1', 'content-range': 'bytes 0-0/16' } });
    expect(head.body).toBeUndefined();
    expect(streamed).toEqual([]);
    const part = await handleSignedObjectRequest(storage, secret, { method: 'GET', url: url('GET'), range: 'bytes=4-9' }, now);
    expect(part).toMatchObject({ status: 206, headers: { 'content-length': '6', 'content-range': 'bytes 4-9/16' } });
    expect(Buffer.concat(await (part.body as Readable).toArray()).toString()).toBe('456789');
    expect(streamed).toEqual([{ key: 'attachments/u1/clip.webm', range: { start: 4, end: 9 } }]);
    expect((await handleSignedObjectRequest(storage, secret, { method: 'GET', url: url('GET'), range: 'bytes=99-' }, now)).status).toBe(416);
    expect(streamed).toHaveLength(1);
  });

  it('serves a stored object with nosniff, 404 when missing, 403 when the signature fails', async () => {
    const { storage } = memoryStorage();
    await storage.put('photos/u1/p.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const path = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

    const found = await handleSignedObjectRequest(storage, secret, { method: 'GET', url: path(sign('photos/u1/p.jpg', 'GET')) }, now);
    const missing = await handleSignedObjectRequest(storage, secret, { method: 'GET', url: path(sign('photos/u1/q.jpg', 'GET')) }, now);
    const forged = await handleSignedObjectRequest(storage, 'wrong', { method: 'GET', url: path(sign('photos/u1/p.jpg', 'GET')) }, now);

    expect(found.status).toBe(200);
    expect(Buffer.concat(await (found.body as Readable).toArray())).toEqual(Buffer.from('jpeg'));
    expect(found.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' });
    expect(missing.status).toBe(404);
    expect(forged.status).toBe(403);
  });
});
