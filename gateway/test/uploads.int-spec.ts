import { JobName, Limits, Messages, PHOTO_URL_PATTERN, ServerLimits } from '@aero/contracts';
import { signObjectUrl } from '@aero/ports';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { UPLOAD_SLOT_WAIT_MS, UPLOADS_BUSY_RETRY_SECONDS } from '../src/uploads/upload-slots.js';
import { createMember, memberProfile } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * Photos, verification documents and signed object URLs through the real gateway in both runtime
 * modes (real PostgreSQL, local object storage): every upload rule of spec §5 and ARCHITECTURE §5,
 * observed over HTTP with multipart bodies as a browser sends them.
 */
describe.each(GATEWAY_MODES)('uploads over HTTP (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  let dataDir: string;
  const secret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    gw = await startTestGateway(mode, { SESSION_SECRET: secret });
    base = gw.base;
    dataDir = gw.settings.dataDir;
  });

  afterAll(() => gw?.close());

  /** an airline member with a profile (a document is sent for the profile's airline and position) */
  const airlineMember = (name = 'Ana') => createMember(base, name, 'female');

  async function verifiedUser() {
    const api = new ApiClient(base);
    const email = testEmail('uploader');
    expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
    const code = await verificationCode(base, email);
    const verified = await api.post('/api/auth/verify', { email, code });
    expect(verified.status).toBe(200);
    return { api, id: verified.body.user.id as string };
  }

  interface Part {
    field: string;
    name?: string;
    type?: string;
    data: Buffer | string;
  }

  /** the parts as the browser's FormData */
  function multipart(parts: Part[]) {
    const form = new FormData();
    for (const p of parts) {
      if (p.name === undefined) form.append(p.field, String(p.data));
      else form.append(p.field, new Blob([new Uint8Array(Buffer.from(p.data))], { type: p.type ?? 'application/octet-stream' }), p.name);
    }
    return form;
  }

  /** a multipart POST as the browser's FormData sends it: session cookie, our Origin */
  async function upload(api: ApiClient, path: string, parts: Part[]) {
    const res = await fetch(`${base}${path}`, { method: 'POST', body: multipart(parts), headers: { origin: base, ...(api.cookie ? { cookie: api.cookie } : {}) } });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
  }

  /** GET with the session cookie, not following redirects */
  const rawGet = (api: ApiClient | null, path: string) => fetch(path.startsWith('http') ? path : `${base}${path}`, { redirect: 'manual', headers: api?.cookie ? { cookie: api.cookie } : {} });

  /** what the local object storage holds in a folder (its `.content-type` side files left out) */
  const storedFiles = (...folder: string[]) => {
    try {
      return readdirSync(join(dataDir, 'objects', ...folder)).filter((f) => !f.startsWith('.'));
    } catch {
      return [];
    }
  };

  const jpeg = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#2a5caa' } }).jpeg().toBuffer();
  const photo = (data: Buffer, name = 'photo.jpg'): Part => ({ field: 'photos', name, type: 'image/jpeg', data });
  const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));

  describe('POST /api/photos', () => {
    it('stores an upright WebP without EXIF or GPS and serves it only to those who may see it, through a signed URL', async () => {
      const { api, id } = await verifiedUser();
      // a landscape JPEG whose EXIF says "rotate 90°" and carries the camera's GPS position
      const original = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c33' } })
        .withExif({ IFD0: { Make: 'AeroCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 46/1 48/1', GPSLongitudeRef: 'W', GPSLongitude: '96/1 48/1 0/1' } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(hasGpsTag(before.exif!)).toBe(true);

      const res = await upload(api, '/api/photos', [photo(original, 'cockpit.jpg')]);
      expect(res.status).toBe(201);
      expect(res.body.photos).toHaveLength(1);
      const [url] = res.body.photos as string[];
      expect(url).toMatch(PHOTO_URL_PATTERN);
      expect(url.startsWith(`/api/photos/${id}/`)).toBe(true);

      // signed out: no redirect, no bytes
      const anonymous = await rawGet(null, url);
      expect(anonymous.status).toBe(401);

      // a member who may not see the profile (no profile here, no match) gets nothing
      expect((await rawGet((await verifiedUser()).api, url)).status).toBe(404);

      // the owner (and those who may see the profile) get a short-lived signed URL of the display variant
      const viewer = { api };
      const redirect = await rawGet(viewer.api, url);
      expect(redirect.status).toBe(302);
      // the redirect is reused for a fifth of the signed URL's life
      expect(redirect.headers.get('cache-control')).toBe(`private, max-age=${ServerLimits.signedUrlSeconds / 5}`);
      const signed = redirect.headers.get('location')!;
      const expires = Number(new URL(signed).searchParams.get('exp'));
      expect(Math.abs(expires - (Date.now() / 1000 + ServerLimits.signedUrlSeconds))).toBeLessThan(30);
      expect(signed).toMatch(new RegExp(`^${base}/objects/photos/${id}/[0-9a-f-]+/display\\.webp\\?method=GET&exp=\\d+&sig=[0-9a-f]{64}$`));
      const served = await fetch(signed);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 540, height: 1080 });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.orientation).toBeUndefined();

      const thumb = await fetch((await rawGet(viewer.api, `${url}?size=thumb`)).headers.get('location')!);
      expect(thumb.status).toBe(200);
      const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect(thumbMeta).toMatchObject({ format: 'webp', width: 160, height: 320 });
      expect(thumbMeta.exif).toBeUndefined();

      // HEAD works on the same URL; a tampered or expired one does not
      expect((await fetch(signed, { method: 'HEAD' })).status).toBe(200);
      const tampered = signed.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
      expect((await fetch(tampered)).status).toBe(403);
      const otherKey = signed.replace('/display.webp', '/thumb.webp');
      expect((await fetch(otherKey)).status).toBe(403);
      const key = new URL(signed).pathname.replace('/objects/', '');
      const expired = signObjectUrl(secret, base, key, { method: 'GET', expiresInSeconds: -5 });
      expect((await fetch(expired)).status).toBe(403);
      const fresh = signObjectUrl(secret, base, key, { method: 'GET', expiresInSeconds: 60 });
      expect((await fetch(fresh)).status).toBe(200);
    });

    it('answers one URL per photo, each stored in two sizes', async () => {
      const { api, id } = await verifiedUser();
      const res = await upload(api, '/api/photos', [photo(await jpeg(), 'a.jpg'), { field: 'photos', name: 'b.png', type: 'image/png', data: await sharp({ create: { width: 30, height: 30, channels: 4, background: '#0000' } }).png().toBuffer() }]);
      expect(res.status).toBe(201);
      expect(res.body.photos).toHaveLength(2);
      const ids = (res.body.photos as string[]).map((u) => u.split('/').pop()!);
      expect(new Set(ids).size).toBe(2);
      for (const photoId of ids) expect(storedFiles('photos', id, photoId).sort()).toEqual(['display.webp', 'thumb.webp']);
    });

    it('schedules the deletion of what it stored, for when the photos are still not on the profile (ServerLimits.unattachedPhotoSeconds)', async () => {
      const { api } = await verifiedUser();
      const jobs = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).jobs;
      const delayed = async () => (await jobs.depth!()).find((d) => d.queue === JobName.DeleteUnattachedPhotos)?.delayed ?? 0;
      const before = await delayed();
      expect((await upload(api, '/api/photos', [photo(await jpeg(), 'a.jpg'), photo(await jpeg(), 'b.jpg')])).status).toBe(201);
      // one job for the upload's photos
      expect(await delayed()).toBe(before + 1);
      // a refused upload stores nothing and schedules nothing
      expect((await upload(api, '/api/photos', [photo(Buffer.from('not an image'), 'x.jpg')])).status).toBe(400);
      expect(await delayed()).toBe(before + 1);
    });

    it('refuses a 7th photo in one request with the spec message, storing none', async () => {
      const { api, id } = await verifiedUser();
      const small = await jpeg();
      const res = await upload(api, '/api/photos', Array.from({ length: 7 }, (_, i) => photo(small, `p${i}.jpg`)));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(Messages.tooManyPhotosUpload);
      expect(storedFiles('photos', id)).toEqual([]);
      // exactly six is fine
      expect((await upload(api, '/api/photos', Array.from({ length: 6 }, (_, i) => photo(small, `p${i}.jpg`)))).status).toBe(201);
    });

    it('takes the photo that replaces one of a profile of 6 (existing minus removed plus new), and the edit then removes the replaced one', async () => {
      const { api, id } = await verifiedUser();
      const small = await jpeg();
      const six = (await upload(api, '/api/photos', Array.from({ length: 6 }, (_, i) => photo(small, `p${i}.jpg`)))).body.photos as string[];
      expect((await api.post('/api/users', { ...memberProfile(id, 'Ana', 'female'), photos: six, mainPhoto: six[0] })).status).toBe(201);
      // Edit Profile: one removed, one new (uploaded first, as the app does, then the edit)
      const added = await upload(api, '/api/photos', [photo(small, 'new.jpg')]);
      expect(added.status).toBe(201);
      const photos = [...six.slice(0, 5), ...(added.body.photos as string[])];
      const edited = await api.patch(`/api/users/${id}`, { photos });
      expect(edited.status).toBe(200);
      expect(edited.body.photos).toEqual(photos);
      expect(storedFiles('photos', id, six[5]!.split('/').pop()!)).toEqual([]);
      expect(storedFiles('photos', id, six[0]!.split('/').pop()!).sort()).toEqual(['display.webp', 'thumb.webp']);
      // a seventh on the profile is still refused, when it would be attached
      const seventh = (await upload(api, '/api/photos', [photo(small, 'seven.jpg')])).body.photos as string[];
      expect((await api.patch(`/api/users/${id}`, { photos: [...photos, ...seventh] })).body.message).toBe(Messages.tooManyPhotosTotal);
      expect(((await api.get('/api/users/me')).body as { photos: string[] }).photos).toEqual(photos);
    });

    it('refuses an image over 10 MB, naming the file', async () => {
      const { api } = await verifiedUser();
      // random pixels do not compress: an 11 MB PNG
      const width = 2000;
      const height = Math.ceil((11 * 1024 * 1024) / (width * 3));
      const big = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(big.length).toBeGreaterThan(Limits.maxUploadBytes);
      const res = await upload(api, '/api/photos', [photo(await jpeg(), 'ok.jpg'), { field: 'photos', name: 'huge.png', type: 'image/png', data: big }]);
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(Messages.imageTooLarge('huge.png'));
    });

    it('decides the type by content: text named .jpg (sent as image/jpeg) and SVG are not images', async () => {
      const { api } = await verifiedUser();
      const text = await upload(api, '/api/photos', [photo(Buffer.from('these are not the pixels you are looking for'), 'holiday.jpg')]);
      expect(text.status).toBe(400);
      expect(text.body.message).toBe(Messages.notAnImage('holiday.jpg'));
      const svg = await upload(api, '/api/photos', [{ field: 'photos', name: 'logo.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>' }]);
      expect(svg.body.message).toBe(Messages.notAnImage('logo.svg'));
      // a real JPEG with a misleading name and MIME type is still a photo
      expect((await upload(api, '/api/photos', [{ field: 'photos', name: 'notes.txt', type: 'text/plain', data: await jpeg() }])).status).toBe(201);
    });

    it('needs a session, our origin and at least one photo', async () => {
      expect((await upload(new ApiClient(base), '/api/photos', [photo(await jpeg())])).status).toBe(401);
      const { api } = await verifiedUser();
      const foreign = await fetch(`${base}/api/photos`, { method: 'POST', body: new FormData(), headers: { origin: 'https://evil.example', cookie: api.cookie } });
      expect(foreign.status).toBe(403);
      const none = await upload(api, '/api/photos', [{ field: 'caption', data: 'hi' }]);
      expect(none.status).toBe(400);
    });

    it.each([
      ['no boundary', 'multipart/form-data', '--x\r\n'],
      ['a body cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nabc'],
    ])('answers a malformed form (%s) with 400, not 500', async (_case, contentType, body) => {
      const { api } = await verifiedUser();
      for (const path of ['/api/photos', '/api/verification']) {
        const res = await fetch(`${base}${path}`, { method: 'POST', body, headers: { origin: base, cookie: api.cookie, 'content-type': contentType } });
        expect([path, res.status, ((await res.json()) as { code: string }).code]).toEqual([path, 400, 'malformed_form']);
      }
    });
  });

  describe('uploads in flight', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const lockOf = (memberId: string) => gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv.get(`upload-lock:${memberId}`);

    /**
     * A photo upload whose body stops halfway until `finish()`: the request is being read (its
     * member's upload lock held) meanwhile. `response` settles once the gateway answers.
     */
    function stalledUpload(api: ApiClient, data: Buffer, target = base, signal?: AbortSignal) {
      const boundary = `----aero${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      const half = Math.floor(data.length / 2);
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(Buffer.concat([head, data.subarray(0, half)])));
          await finished;
          controller.enqueue(new Uint8Array(Buffer.concat([data.subarray(half), Buffer.from(`\r\n--${boundary}--\r\n`)])));
          controller.close();
        },
      });
      const init = { method: 'POST', body, duplex: 'half', signal, headers: { origin: base, cookie: api.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } };
      const response = fetch(`${target}/api/photos`, init as RequestInit).then(async (res) => ({ status: res.status, body: (await res.json()) as { photos?: string[]; message?: string } }));
      return { response, finish };
    }

    it("takes one upload per member at a time: the member's others answer 429 while it is read, another member's goes ahead, and the lock goes with it", async () => {
      const ana = await airlineMember();
      const ben = await verifiedUser();
      const small = await jpeg();
      const first = stalledUpload(ana.api, await jpeg(400, 300));
      await eventually(() => lockOf(ana.id), 10_000, "Ana's upload to be in flight");

      // a burst of Ana's uploads, photos and a document alike: all refused, none of their bodies read
      const burst = await Promise.all([
        ...Array.from({ length: 5 }, () => upload(ana.api, '/api/photos', [photo(small)])),
        upload(ana.api, '/api/verification', [{ field: 'document', name: 'paystub.pdf', type: 'application/pdf', data: pdf }]),
      ]);
      expect(burst.map((r) => [r.status, r.body.code, r.body.message])).toEqual(Array(6).fill([429, 'upload_in_progress', Messages.uploadInProgress]));
      expect(storedFiles('documents', ana.id)).toEqual([]);

      // Ben is not held up by Ana's upload
      expect((await upload(ben.api, '/api/photos', [photo(small)])).status).toBe(201);

      first.finish();
      const done = await first.response;
      expect(done.status).toBe(201);
      expect(done.body.photos).toHaveLength(1);
      expect(await lockOf(ana.id)).toBeNull();
      // a refused or failed upload leaves no lock behind either: the next ones go through
      expect((await upload(ana.api, '/api/photos', [photo(Buffer.from('not an image'), 'x.jpg')])).status).toBe(400);
      expect((await upload(ana.api, '/api/photos', [photo(small)])).status).toBe(201);
      expect((await upload(ana.api, '/api/verification', [{ field: 'document', name: 'paystub.pdf', type: 'application/pdf', data: pdf }])).status).toBe(201);
    });

    it('gives the lock back soon after a client leaves halfway through its body (the reading ends with the connection)', async () => {
      const ana = await verifiedUser();
      const leaving = new AbortController();
      const first = stalledUpload(ana.api, await jpeg(400, 300), base, leaving.signal);
      first.response.catch(() => undefined);
      await eventually(() => lockOf(ana.id), 10_000, "Ana's upload to be in flight");
      leaving.abort();
      await eventually(async () => (await lockOf(ana.id)) === null, 5_000, 'the lock given back');
      expect((await upload(ana.api, '/api/photos', [photo(await jpeg())])).status).toBe(201);
    });

    it('refuses concurrent uploads that arrive together: exactly one is taken', async () => {
      const ana = await verifiedUser();
      const uploads = Array.from({ length: 4 }, async () => stalledUpload(ana.api, await jpeg()));
      const started = await Promise.all(uploads);
      // the refusals come back while every body is still stalled; then the one taken is let go
      const answered: number[] = [];
      const settled = started.map((u) => u.response.then((r) => (answered.push(r.status), r.status)));
      await eventually(() => answered.filter((status) => status === 429).length === 3, 10_000, 'three refusals');
      expect(answered).toEqual([429, 429, 429]);
      for (const u of started) u.finish();
      expect((await Promise.all(settled)).sort()).toEqual([201, 429, 429, 429]);
    });

    if (mode === 'distributed') {
      it('holds the lock across gateways', async () => {
        const ana = await verifiedUser();
        const peer = await gw.peer();
        const first = stalledUpload(ana.api, await jpeg());
        await eventually(() => lockOf(ana.id), 10_000, "Ana's upload to be in flight");
        const elsewhere = await fetch(`${peer.base}/api/photos`, { method: 'POST', body: multipart([photo(await jpeg())]), headers: { origin: base, cookie: ana.api.cookie } });
        expect([elsewhere.status, ((await elsewhere.json()) as { code: string }).code]).toEqual([429, 'upload_in_progress']);
        first.finish();
        expect((await first.response).status).toBe(201);
        const after = await fetch(`${peer.base}/api/photos`, { method: 'POST', body: multipart([photo(await jpeg())]), headers: { origin: base, cookie: ana.api.cookie } });
        expect(after.status).toBe(201);
      });
    } else {
      it(`reads at most UPLOADS_IN_FLIGHT uploads at once: the next waits ${UPLOAD_SLOT_WAIT_MS} ms for a slot, then answers 503 with Retry-After`, async () => {
        const holders = await Promise.all(Array.from({ length: gw.settings.uploadsInFlight }, () => verifiedUser()));
        const late = await verifiedUser();
        const held = await Promise.all(holders.map(async ({ api }) => stalledUpload(api, await jpeg())));
        await eventually(async () => (await Promise.all(holders.map(({ id }) => lockOf(id)))).every(Boolean), 10_000, 'every slot taken');
        const startedAt = Date.now();
        const res = await fetch(`${base}/api/photos`, { method: 'POST', body: multipart([photo(await jpeg())]), headers: { origin: base, cookie: late.api.cookie } });
        expect(Date.now() - startedAt).toBeGreaterThanOrEqual(UPLOAD_SLOT_WAIT_MS - 100);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe(String(UPLOADS_BUSY_RETRY_SECONDS));
        expect(await res.json()).toEqual({ statusCode: 503, code: 'uploads_busy', message: Messages.uploadsBusy });
        for (const u of held) u.finish();
        expect((await Promise.all(held.map((u) => u.response))).map((r) => r.status)).toEqual(held.map(() => 201));
        // its lock went with the refusal: a slot is free now and it goes through
        expect((await upload(late.api, '/api/photos', [photo(await jpeg())])).status).toBe(201);
      }, 30_000);
    }
  });

  describe('GET /api/photos/:userId/:photoId', () => {
    it('is 404 for an unknown photo and 400 for ids that are not ours', async () => {
      const { api, id } = await verifiedUser();
      expect((await rawGet(api, `/api/photos/${id}/6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d12`)).status).toBe(404);
      expect((await rawGet(api, `/api/photos/${id}/..%2F..%2Fsecret`)).status).toBe(400);
      expect((await rawGet(api, `/api/photos/not-a-user/6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d12`)).status).toBe(400);
    });

    it('serves no object without a valid signature', async () => {
      expect((await fetch(`${base}/objects/photos/x/y/display.webp`)).status).toBe(403);
      expect((await fetch(`${base}/objects/photos/x/y/display.webp?method=GET&exp=9999999999&sig=${'0'.repeat(64)}`)).status).toBe(403);
      // a valid signature for a missing object
      expect((await fetch(signObjectUrl(secret, base, 'photos/x/y/display.webp', { method: 'GET', expiresInSeconds: 60 }))).status).toBe(404);
    });
  });

  describe('POST /api/verification', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const doc = (data: Buffer | string, name = 'paystub.pdf', type = 'application/pdf'): Part => ({ field: 'document', name, type, data });
    const storedDocuments = (userId: string) => storedFiles('documents', userId);

    it('applies every document rule with the spec messages, storing nothing refused', async () => {
      const { api, id } = await verifiedUser();
      const cases: [Part[], number, string][] = [
        [[], 400, Messages.documentMissing],
        [[{ field: 'userId', data: id }], 400, Messages.documentMissing],
        [[doc(pdf), doc(pdf, 'second.pdf')], 400, Messages.documentMultiple],
        [[doc(Buffer.alloc(0), 'empty.pdf')], 400, Messages.documentEmpty],
        [[doc(Buffer.concat([pdf, Buffer.alloc(Limits.maxUploadBytes)]))], 413, Messages.documentTooLarge],
        [[doc(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).tiff().toBuffer(), 'scan.tiff', 'image/tiff')], 400, Messages.documentImageFormat],
        [[doc(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).avif().toBuffer(), 'scan.jpg', 'image/jpeg')], 400, Messages.documentImageFormat],
        [[doc('Dear HR, here is my pay stub', 'paystub.pdf')], 400, Messages.documentEmpty],
        // in another field than 'document'
        [[{ ...doc(pdf), field: 'file' }], 400, Messages.documentMissing],
        // more pixels than a photo may have, read from the header
        [[doc(await sharp({ create: { width: 8200, height: 8200, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer(), 'scan.png', 'image/png')], 413, Messages.imageTooManyPixels('scan.png')],
      ];
      for (const [parts, status, message] of cases) {
        const res = await upload(api, '/api/verification', parts);
        expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });
      }
      expect(storedDocuments(id)).toEqual([]);
    });

    it('refuses a userId that is not the signed-in user, and anyone signed out', async () => {
      const { api } = await verifiedUser();
      const other = await verifiedUser();
      const res = await upload(api, '/api/verification', [doc(pdf), { field: 'userId', data: other.id }]);
      expect(res.status).toBe(403);
      expect(storedDocuments(other.id)).toEqual([]);
      expect((await upload(new ApiClient(base), '/api/verification', [doc(pdf)])).status).toBe(401);
      expect((await rawGet(null, '/api/verification/status')).status).toBe(401);
    });

    it('accepts a PDF as pending, stored as sent, and the status endpoint says so', async () => {
      const { api, id } = await airlineMember();
      expect((await api.get('/api/verification/status')).body).toEqual({ status: 'none' });
      const res = await upload(api, '/api/verification', [doc(pdf), { field: 'userId', data: id }]);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ status: 'pending' });
      const [file] = storedDocuments(id);
      expect(file).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(readFileSync(join(dataDir, 'objects', 'documents', id, file!))).toEqual(pdf);
      expect((await api.get('/api/verification/status')).body).toEqual({ status: 'pending' });
    });

    it('stores an image document in its own format without its EXIF/GPS', async () => {
      const { api, id } = await airlineMember();
      const scan = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#eee' } })
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 46/1 48/1' } })
        .jpeg()
        .toBuffer();
      expect(hasGpsTag((await sharp(scan).metadata()).exif!)).toBe(true);
      const res = await upload(api, '/api/verification', [doc(scan, 'paystub.jpg', 'image/jpeg')]);
      expect(res.status).toBe(201);
      const [file] = storedDocuments(id);
      expect(file).toMatch(/\.jpg$/);
      const stored = await sharp(readFileSync(join(dataDir, 'objects', 'documents', id, file!))).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
      expect(stored.exif).toBeUndefined();
    });
  });
});
