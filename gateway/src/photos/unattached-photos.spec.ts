import type { RpcClient } from '@aero/common';
import { photoObjectKey, photoUrl, Rpc, ServerLimits } from '@aero/contracts';
import { InProcessJobQueue, LocalObjectStorage } from '@aero/ports';
import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnattachedPhotos } from './unattached-photos.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const [kept, dropped, alsoDropped] = ['6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d12', '7c0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d13', '8d0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d14'] as const;

describe('UnattachedPhotos (real local storage and in-process job queue, fake timers; the profiles service stands in by an RpcClient)', () => {
  let root: string;
  let storage: LocalObjectStorage;
  let jobs: InProcessJobQueue;
  /** what profiles.get answers (null: no profile); a function throws to stand for a service that does not answer */
  let profile: { photos: string[] } | null | (() => never);
  let asked: number;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'aero-unattached-'));
    storage = new LocalObjectStorage({ root, publicUrl: 'https://aero.example', secret: 'test-secret' });
    jobs = new InProcessJobQueue(() => undefined);
    profile = null;
    asked = 0;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await jobs.close();
    rmSync(root, { recursive: true, force: true });
  });

  const rpc: RpcClient = {
    send: async <T>(subject: string, request: unknown) => {
      expect([subject, request]).toEqual([Rpc.profiles.get, { userId }]);
      asked++;
      return (typeof profile === 'function' ? profile() : profile) as T;
    },
    close: async () => undefined,
  };

  const unattached = () => {
    const cleanup = new UnattachedPhotos({ storage, jobs, rpc });
    cleanup.onModuleInit();
    return cleanup;
  };
  const store = async (photoId: string) => {
    await storage.put(photoObjectKey(userId, photoId, 'display'), Buffer.from('display'), 'image/webp');
    await storage.put(photoObjectKey(userId, photoId, 'thumb'), Buffer.from('thumb'), 'image/webp');
  };
  const stored = async (photoId: string) => (await storage.stat(photoObjectKey(userId, photoId, 'display'))) !== null && (await storage.stat(photoObjectKey(userId, photoId, 'thumb'))) !== null;
  const gone = async (photoId: string) => (await storage.stat(photoObjectKey(userId, photoId, 'display'))) === null && (await storage.stat(photoObjectKey(userId, photoId, 'thumb'))) === null;

  it('deletes the photos of an upload that the profile does not list when their time is up, and keeps those it lists', async () => {
    await unattached().uploading(userId, [kept, dropped, alsoDropped]);
    for (const photoId of [kept, dropped, alsoDropped]) await store(photoId);
    // attached in the meantime (registration or an edit): only this one
    profile = { photos: [photoUrl(userId, kept)] };

    await jest.advanceTimersByTimeAsync(ServerLimits.unattachedPhotoSeconds * 1000 - 1000);
    expect(asked).toBe(0);
    expect(await stored(dropped)).toBe(true);

    await jest.advanceTimersByTimeAsync(2000);
    await jobs.close(); // the deletion has run
    expect(asked).toBe(1);
    expect(await stored(kept)).toBe(true);
    expect(await gone(dropped)).toBe(true);
    expect(await gone(alsoDropped)).toBe(true);
  });

  it('deletes them all for a member without a profile (who could otherwise upload without end)', async () => {
    await unattached().uploading(userId, [kept, dropped]);
    await store(kept);
    await store(dropped);
    await jest.advanceTimersByTimeAsync(ServerLimits.unattachedPhotoSeconds * 1000 + 1000);
    await jobs.close();
    expect(await gone(kept)).toBe(true);
    expect(await gone(dropped)).toBe(true);
  });

  it('counts only the member’s own photo URLs as attached (not another member’s with the same photo id)', async () => {
    await unattached().uploading(userId, [dropped]);
    await store(dropped);
    profile = { photos: [photoUrl('9e0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d15', dropped)] };
    await jest.advanceTimersByTimeAsync(ServerLimits.unattachedPhotoSeconds * 1000 + 1000);
    await jobs.close();
    // not the member's own URL: the photo is not on their profile, so it goes
    expect(await gone(dropped)).toBe(true);
  });

  it('deletes nothing while the profiles service does not answer, and tries again', async () => {
    await unattached().uploading(userId, [kept, dropped]);
    await store(kept);
    await store(dropped);
    profile = () => {
      throw new Error('profiles service unavailable');
    };
    await jest.advanceTimersByTimeAsync(ServerLimits.unattachedPhotoSeconds * 1000 + 1000);
    expect(asked).toBe(1);
    expect(await stored(kept)).toBe(true);
    expect(await stored(dropped)).toBe(true);

    // it answers by the retry, with one of them attached
    profile = { photos: [photoUrl(userId, kept)] };
    await jest.advanceTimersByTimeAsync(60_000);
    await jobs.close();
    expect(asked).toBe(2);
    expect(await stored(kept)).toBe(true);
    expect(await gone(dropped)).toBe(true);
  });
});
