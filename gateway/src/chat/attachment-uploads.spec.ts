import { loadSettings } from '@aero/config';
import type { RpcClient } from '@aero/common';
import { attachmentKeyFrom, checkedAttachmentKey, Rpc, ServerLimits } from '@aero/contracts';
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

  /** messaging's answer, by key: whether a message carries the attachment (it forgets the others) */
  const sentKeys = new Set<string>();
  const rpc: RpcClient = {
    send: (async (subject: string, data: { key: string }) => {
      expect(subject).toBe(Rpc.messaging.forgetUnsentAttachment);
      return { sent: sentKeys.has(data.key) };
    }) as unknown as RpcClient['send'],
    close: async () => {},
  };
  const uploadsWith = (storage: ObjectStorage) => {
    const uploads = new AttachmentUploads({ storage, jobs, rpc, secret: 'test-secret', settings: loadSettings({ PUBLIC_URL: publicUrl }) });
    uploads.onModuleInit();
    return uploads;
  };

  it('hands out the gateway’s own address, whatever the storage (an S3 presigned PUT has no size cap)', async () => {
    const s3 = new S3ObjectStorage({ endpoint: 'http://127.0.0.1:1', publicUrl: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucket: 'files' });
    const address = await uploadsWith(s3).address(userId);
    expect(address.startsWith(`${publicUrl}/objects/attachments/${userId}/`)).toBe(true);
    expect(new URL(address).searchParams.get('method')).toBe('PUT');
  });

  it('deletes what no message carries when its time is up: an upload never registered, or registered and never sent', async () => {
    const storage = new LocalObjectStorage({ root, publicUrl, secret: 'test-secret' });
    const uploads = uploadsWith(storage);
    const abandoned = attachmentKeyFrom(await uploads.address(userId))!.key;
    const unsent = attachmentKeyFrom(await uploads.address(userId))!.key;
    const sent = attachmentKeyFrom(await uploads.address(userId))!.key;
    await storage.put(abandoned, Buffer.from('never registered'), 'image/jpeg');
    // registering moves the checked copy to its own key
    await storage.put(checkedAttachmentKey(unsent), Buffer.from('checked'), 'image/webp');
    await storage.put(checkedAttachmentKey(sent), Buffer.from('checked'), 'image/webp');
    sentKeys.add(sent);

    await jest.advanceTimersByTimeAsync(ServerLimits.unsentUploadSeconds * 1000 - 1000);
    expect(await storage.stat(abandoned)).not.toBeNull();
    expect(await storage.stat(checkedAttachmentKey(unsent))).not.toBeNull();

    await jest.advanceTimersByTimeAsync(2000);
    await jobs.close(); // the deletions have run
    expect(await storage.stat(abandoned)).toBeNull();
    expect(await storage.stat(checkedAttachmentKey(unsent))).toBeNull();
    expect(await storage.stat(checkedAttachmentKey(sent))).not.toBeNull();
  });
});
