import { jest } from '@jest/globals';
import { loadSettings, type Settings } from '@aero/config';
import { Rpc } from '@aero/contracts';
import { InProcessJobQueue, MemoryKeyValueStore } from '@aero/ports';
import type { GatewayContext } from '../gateway.context.js';
import { DeviceCookies } from './device-cookie.js';
import { SessionStore, sessionTag } from './session.store.js';

const accountId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';

describe('SessionStore.revokeAll and logout (memory key-value store, in-process job queue)', () => {
  let jobs: InProcessJobQueue;
  beforeEach(() => (jobs = new InProcessJobQueue()));
  afterEach(() => jobs.close());

  /** a store whose notifications service fails its first `failures` calls */
  const storeWith = (failures: number) => {
    const calls: unknown[] = [];
    const rpc = {
      send: async (subject: string, payload: unknown) => {
        expect(subject).toBe(Rpc.notifications.endPushSubscriptions);
        calls.push(payload);
        if (calls.length <= failures) throw new Error('notifications unavailable');
        return { success: true };
      },
    };
    const settings: Settings = loadSettings({});
    const ctx = { kv: new MemoryKeyValueStore(), jobs, rpc, settings, secret: 'test-secret' } as unknown as GatewayContext;
    const store = new SessionStore(ctx, new DeviceCookies(ctx));
    store.onModuleInit();
    return { store, calls };
  };

  it("ends the account's sessions but the caller's, and the push subscriptions of every other session before it returns", async () => {
    const { store, calls } = storeWith(0);
    const mine = (await store.create(accountId))!;
    const other = (await store.create(accountId))!;
    const ended: string[][] = [];
    store.onEnded((sids) => ended.push(sids));
    await store.revokeAll(accountId, mine);
    expect(await store.isLive(mine)).toBe(true);
    expect(await store.isLive(other)).toBe(false);
    expect(ended).toEqual([[other]]);
    expect(calls).toEqual([{ userId: accountId, exceptSessionTag: sessionTag(mine), savedBefore: expect.any(String) }]);
    // a reset keeps none
    await store.revokeAll(accountId);
    expect(calls[1]).toEqual({ userId: accountId, savedBefore: expect.any(String) });
  });

  it('ends a session with its logout, and the push subscriptions that session saved only, retried as a job while the notifications service cannot be reached', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { store, calls } = storeWith(2);
      const leaving = (await store.create(accountId))!;
      const staying = (await store.create(accountId))!;
      await store.logout(leaving);
      expect(await store.isLive(leaving)).toBe(false);
      expect(await store.isLive(staying)).toBe(true);
      // the call itself and the job's first try fail; the one 10 s later succeeds
      for (let i = 0; i < 100 && calls.length < 3; i++) await jest.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(3);
      expect(calls[0]).toEqual({ sessionTag: sessionTag(leaving), savedBefore: expect.any(String) });
      expect(calls.slice(1)).toEqual([calls[0], calls[0]]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('retries the push subscriptions as a job while the notifications service cannot be reached, for subscriptions saved before the revocation only', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { store, calls } = storeWith(4);
      const before = Date.now();
      await store.revokeAll(accountId);
      // the call itself, then the job's tries after 5, 10 and 20 s fail; the one 40 s later succeeds
      for (let i = 0; i < 100 && calls.length < 5; i++) await jest.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(5);
      for (const call of calls) expect(call).toEqual({ userId: accountId, savedBefore: new Date(before).toISOString() });
    } finally {
      jest.useRealTimers();
    }
  });
});
