import { loadSettings } from '@aero/config';
import { attachmentKeyFrom, checkedAttachmentKey, ServerLimits } from '@aero/contracts';
import { InProcessJobQueue, LocalObjectStorage, type ObjectStorage, S3ObjectStorage } from '@aero/ports';
import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AttachmentUploads } from './attachment-uploads.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const publicUrl = 'https://aero.example';

describe('AttachmentUploads (real local storage and in-process job queue, fake timers)', () => {
  let root: string;
  let jobs: InProcessJobQueue;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'aero-uploads-'));
    jobs = new InProcessJobQueue();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await jobs.close();
    rmSync(root, { recursive: true, force: true });
  });

  const uploadsWith = (storage: ObjectStorage) => {
    const uploads = new AttachmentUploads({ storage, jobs, secret: 'test-secret', settings: loadSettings({ PUBLIC_URL: publicUrl }) });
    uploads.onModuleInit();
    return uploads;
  };

  it('hands out the gateway’s own address, whatever the storage (an S3 presigned PUT has no size cap)', async () => {
    const s3 = new S3ObjectStorage({ endpoint: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucket: 'files' });
    const address = await uploadsWith(s3).address(userId);
    expect(address.startsWith(`${publicUrl}/objects/attachments/${userId}/`)).toBe(true);
    expect(new URL(address).searchParams.get('method')).toBe('PUT');
  });

  it('deletes an upload still unregistered when its time is up, and keeps what was registered', async () => {
    const storage = new LocalObjectStorage({ root, publicUrl, secret: 'test-secret' });
    const uploads = uploadsWith(storage);
    const abandoned = attachmentKeyFrom(await uploads.address(userId))!.key;
    const registered = attachmentKeyFrom(await uploads.address(userId))!.key;
    await storage.put(abandoned, Buffer.from('never registered'), 'image/jpeg');
    // registering moves the checked copy to its own key
    await storage.put(checkedAttachmentKey(registered), Buffer.from('checked'), 'image/webp');

    await jest.advanceTimersByTimeAsync(ServerLimits.unregisteredUploadSeconds * 1000 - 1000);
    expect(await storage.stat(abandoned)).not.toBeNull();

    await jest.advanceTimersByTimeAsync(2000);
    await jobs.close(); // the deletion has run
    expect(await storage.stat(abandoned)).toBeNull();
    expect(await storage.stat(checkedAttachmentKey(registered))).not.toBeNull();
  });
});
