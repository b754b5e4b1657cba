import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { InvalidObjectKeyError, type ObjectStorage, ObjectTooLargeError } from './object-storage.port.js';

export interface ObjectStorageHarness {
  storage: ObjectStorage;
  cleanup(): Promise<void>;
}

export interface ObjectStorageContractOptions {
  /**
   * Whether the server behind the signed URLs checks the signature itself (not only expiry).
   * The local adapter does; s3rver, the test double of S3, does not compute V4 signatures, so
   * for S3 that check is left to the real service.
   */
  checksSignatures: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The one behaviour every `ObjectStorage` adapter must show; run by each adapter's int-spec. */
export function objectStorageContract(
  name: string,
  make: () => Promise<ObjectStorageHarness>,
  options: ObjectStorageContractOptions,
): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let harness: ObjectStorageHarness;
    let storage: ObjectStorage;
    // Every test works under its own folder, so tests do not depend on each other.
    let folder: string;

    beforeAll(async () => {
      harness = await make();
      storage = harness.storage;
    });
    afterAll(async () => {
      await harness?.cleanup();
    });
    beforeEach(() => {
      folder = `t-${randomBytes(4).toString('hex')}`;
    });

    it('returns the bytes and the content type that were put', async () => {
      const body = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x41]);
      await storage.put(`${folder}/photo.jpg`, body, 'image/jpeg');

      const found = await storage.get(`${folder}/photo.jpg`);

      expect(found?.body.equals(body)).toBe(true);
      expect(found?.contentType).toBe('image/jpeg');
    });

    it('reads an object only up to maxBytes: a larger one is refused, not read', async () => {
      await storage.put(`${folder}/clip`, Buffer.alloc(2048, 7), 'audio/webm');

      expect((await storage.get(`${folder}/clip`, { maxBytes: 2048 }))?.body.length).toBe(2048);
      await expect(storage.get(`${folder}/clip`, { maxBytes: 2047 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await storage.get(`${folder}/missing`, { maxBytes: 1 })).toBeNull();
    });

    it('replaces an object put again under the same key', async () => {
      await storage.put(`${folder}/doc`, Buffer.from('first'), 'text/plain');
      await storage.put(`${folder}/doc`, Buffer.from('second version'), 'application/pdf');

      const found = await storage.get(`${folder}/doc`);

      expect(found?.body.toString()).toBe('second version');
      expect(found?.contentType).toBe('application/pdf');
    });

    it('tells the size and content type of an object without reading it, and null for a missing key', async () => {
      const key = `${folder}/stat/voice.webm`;
      await storage.put(key, Buffer.alloc(1234, 7), 'audio/webm');
      await expect(storage.stat(key)).resolves.toEqual({ size: 1234, contentType: 'audio/webm' });
      await expect(storage.stat(`${folder}/stat/none.webm`)).resolves.toBeNull();
      await expect(storage.stat(`${folder}/stat`)).resolves.toBeNull();
    });

    it('streams an object, or a range of it (both ends included), and null for a missing key', async () => {
      const key = `${folder}/stream/voice.webm`;
      await storage.put(key, Buffer.from('0123456789abcdef'), 'audio/webm');
      const text = async (stream: Readable | null) => (stream ? Buffer.concat(await stream.toArray()).toString() : null);
      expect(await text(await storage.openStream(key))).toBe('0123456789abcdef');
      expect(await text(await storage.openStream(key, { start: 4, end: 9 }))).toBe('456789');
      expect(await text(await storage.openStream(key, { start: 15, end: 15 }))).toBe('f');
      expect(await storage.openStream(`${folder}/stream/none.webm`)).toBeNull();
    });

    it('returns null for a key that was never put', async () => {
      expect(await storage.get(`${folder}/missing.jpg`)).toBeNull();
    });

    it('deletes an object, and deleting a missing key is not an error', async () => {
      await storage.put(`${folder}/a.txt`, Buffer.from('a'), 'text/plain');
      await storage.put(`${folder}/b.txt`, Buffer.from('b'), 'text/plain');

      await storage.delete(`${folder}/a.txt`);
      await storage.delete(`${folder}/never-there.txt`);

      expect(await storage.get(`${folder}/a.txt`)).toBeNull();
      expect((await storage.get(`${folder}/b.txt`))?.body.toString()).toBe('b');
    });

    it('deletes every object under a folder prefix and nothing beside it', async () => {
      const keys = [`${folder}/u1/a.jpg`, `${folder}/u1/voice/b.webm`, `${folder}/u10/c.jpg`, `${folder}/u2/d.jpg`];
      for (const key of keys) await storage.put(key, Buffer.from(key), 'application/octet-stream');

      await storage.deletePrefix(`${folder}/u1/`);

      expect(await storage.get(`${folder}/u1/a.jpg`)).toBeNull();
      expect(await storage.get(`${folder}/u1/voice/b.webm`)).toBeNull();
      expect((await storage.get(`${folder}/u10/c.jpg`))?.body.toString()).toBe(`${folder}/u10/c.jpg`);
      expect((await storage.get(`${folder}/u2/d.jpg`))?.body.toString()).toBe(`${folder}/u2/d.jpg`);
    });

    it('treats a prefix without a trailing slash as a plain string prefix, like S3', async () => {
      await storage.put(`${folder}/u1/a.jpg`, Buffer.from('1'), 'image/jpeg');
      await storage.put(`${folder}/u10/b.jpg`, Buffer.from('10'), 'image/jpeg');
      await storage.put(`${folder}/u2/c.jpg`, Buffer.from('2'), 'image/jpeg');

      await storage.deletePrefix(`${folder}/u1`);

      expect(await storage.get(`${folder}/u1/a.jpg`)).toBeNull();
      expect(await storage.get(`${folder}/u10/b.jpg`)).toBeNull();
      expect(await storage.get(`${folder}/u2/c.jpg`)).not.toBeNull();
    });

    it.each(['../escape.txt', '/etc/passwd', 'a/../../b', 'a//b', '.hidden', 'a/./b', 'sp ace', ''])(
      'rejects the unsafe key %j',
      async (key) => {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.deletePrefix(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      },
    );

    it('serves the bytes and content type at a signed GET URL', async () => {
      const body = Buffer.from('voice note bytes \u00e9');
      await storage.put(`${folder}/note.webm`, body, 'audio/webm');

      const url = await storage.signedUrl(`${folder}/note.webm`, { method: 'GET', expiresInSeconds: 60 });
      const response = await fetch(url);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/webm');
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    });

    it('answers a byte range of a signed GET URL (voice playback on iOS Safari needs it)', async () => {
      const body = Buffer.from('0123456789abcdef');
      await storage.put(`${folder}/clip.m4a`, body, 'audio/mp4');
      const url = await storage.signedUrl(`${folder}/clip.m4a`, { method: 'GET', expiresInSeconds: 60 });

      const part = await fetch(url, { headers: { range: 'bytes=4-9' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 4-9/16');
      expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('456789');
      const tail = await fetch(url, { headers: { range: 'bytes=10-' } });
      expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe('abcdef');
      expect((await fetch(url, { headers: { range: 'bytes=99-' } })).status).toBe(416);
    });

    it('stores what is uploaded to a signed PUT URL', async () => {
      const body = Buffer.from('%PDF-1.7 employment letter');
      const url = await storage.signedUrl(`${folder}/letter.pdf`, {
        method: 'PUT',
        expiresInSeconds: 60,
        contentType: 'application/pdf',
      });

      const response = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/pdf' } });

      expect(response.ok).toBe(true);
      const found = await storage.get(`${folder}/letter.pdf`);
      expect(found?.body.equals(body)).toBe(true);
      expect(found?.contentType).toBe('application/pdf');
    });

    it('refuses a signed URL once it has expired', async () => {
      await storage.put(`${folder}/old.jpg`, Buffer.from('old'), 'image/jpeg');
      const url = await storage.signedUrl(`${folder}/old.jpg`, { method: 'GET', expiresInSeconds: 1 });
      expect((await fetch(url)).status).toBe(200);

      await sleep(2100);

      expect((await fetch(url)).status).toBe(403);
    });

    if (options.checksSignatures) {
      it('refuses a signed URL whose key was changed, or used with another method', async () => {
        await storage.put(`${folder}/mine.jpg`, Buffer.from('mine'), 'image/jpeg');
        await storage.put(`${folder}/theirs.jpg`, Buffer.from('theirs'), 'image/jpeg');
        const url = await storage.signedUrl(`${folder}/mine.jpg`, { method: 'GET', expiresInSeconds: 60 });

        const tampered = url.replace('mine.jpg', 'theirs.jpg');
        expect((await fetch(tampered)).status).toBe(403);

        const upload = await fetch(url, { method: 'PUT', body: 'overwrite', headers: { 'content-type': 'image/jpeg' } });
        expect(upload.status).toBe(403);
        expect((await storage.get(`${folder}/mine.jpg`))?.body.toString()).toBe('mine');
      });
    }
  });
}
