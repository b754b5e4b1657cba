import { loadSettings, type Settings } from '@aero/config';
import { Rpc } from '@aero/contracts';
import { InProcessJobQueue, MemoryKeyValueStore } from '@aero/ports';
import type { GatewayContext } from '../gateway.context.js';
import { SessionStore, sessionTag } from './session.store.js';

const accountId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SessionStore.revokeAll (memory key-value store, in-process job queue)', () => {
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
    const store = new SessionStore({ kv: new MemoryKeyValueStore(), jobs, rpc, settings } as unknown as GatewayContext);
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
    expect(calls).toEqual([{ userId: accountId, exceptSessionTag: sessionTag(mine) }]);
    // a reset keeps none
    await store.revokeAll(accountId);
    expect(calls[1]).toEqual({ userId: accountId });
  });

  it('retries the push subscriptions as a job while the notifications service cannot be reached', async () => {
    const { store, calls } = storeWith(2);
    await store.revokeAll(accountId);
    // the call itself, then the job's first attempt failed; its retry (after its backoff) succeeds
    for (let i = 0; i < 50 && calls.length < 3; i++) await wait(100);
    expect(calls).toEqual([{ userId: accountId }, { userId: accountId }, { userId: accountId }]);
  });
});
