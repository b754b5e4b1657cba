import { attachmentKey, checkedAttachmentKey } from '@aero/contracts';
import { LocalObjectStorage } from '@aero/ports';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkAttachment } from './attachment-files.js';
import { VOICE_WEBM } from '../../test/support/recordings.js';

const uploaderId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';

describe('checkAttachment (real local storage)', () => {
  let root: string;
  let storage: LocalObjectStorage;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'aero-attachments-'));
    storage = new LocalObjectStorage({ root, publicUrl: 'https://aero.example', secret: 'test-secret' });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const uploaded = async (body: Buffer, type: string) => {
    const key = attachmentKey(uploaderId, randomUUID());
    await storage.put(key, body, type);
    return key;
  };

  it("answers a photo's upright pixels, and the same when checked again (a retried registration reads the stored copy)", async () => {
    // a phone's portrait photo stored sideways, with an EXIF orientation
    const sideways = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366aa' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const key = await uploaded(sideways, 'image/jpeg');
    const first = await checkAttachment(storage, key, 'photo');
    expect(first).toEqual({ size: expect.any(Number), contentType: 'image/webp', width: 60, height: 80 });
    expect(await storage.stat(key)).toBeNull();
    expect(await checkAttachment(storage, key, 'photo')).toEqual(first);
  });

  it('answers a voice clip without pixels, first and again', async () => {
    const key = await uploaded(VOICE_WEBM, 'audio/webm');
    const first = await checkAttachment(storage, key, 'voice');
    expect(first).toEqual({ size: VOICE_WEBM.length, contentType: 'audio/webm' });
    expect(await checkAttachment(storage, key, 'voice')).toEqual(first);
  });

  it('answers a stored copy it cannot read as a photo without pixels, not a failure', async () => {
    const key = await uploaded(Buffer.from('x'), 'image/jpeg');
    await storage.put(checkedAttachmentKey(key), Buffer.from('not a webp'), 'image/webp');
    expect(await checkAttachment(storage, key, 'photo')).toEqual({ size: 10, contentType: 'image/webp' });
  });
});
