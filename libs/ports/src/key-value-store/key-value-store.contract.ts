import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from './key-value-store.port.js';

export interface KeyValueStoreHarness {
  store: KeyValueStore;
  cleanup(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The one behaviour every `KeyValueStore` adapter must show; run by each adapter's int-spec. */
export function keyValueStoreContract(name: string, make: () => Promise<KeyValueStoreHarness>): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    let harness: KeyValueStoreHarness;
    let store: KeyValueStore;
    // Keys of each test are unique, so tests never see each other's state.
    let key: (name: string) => string;

    beforeAll(async () => {
      harness = await make();
      store = harness.store;
    });
    afterAll(async () => {
      await harness?.cleanup();
    });
    beforeEach(() => {
      const test = randomBytes(4).toString('hex');
      key = (name) => `${test}:${name}`;
    });

    it('returns what was set, null for a missing key, and nothing after del', async () => {
      await store.set(key('session'), '{"userId":"u1"}');

      expect(await store.get(key('session'))).toBe('{"userId":"u1"}');
      expect(await store.get(key('missing'))).toBeNull();

      await store.set(key('session'), 'replaced');
      expect(await store.get(key('session'))).toBe('replaced');

      await store.del(key('session'));
      await store.del(key('missing'));
      expect(await store.get(key('session'))).toBeNull();
    });

    it('swaps a value for another and answers the one replaced, each of two swaps at once a different one', async () => {
      expect(await store.swap(key('shown'), '1', 60)).toBeNull();
      expect(await store.get(key('shown'))).toBe('1');
      const [a, b] = await Promise.all([store.swap(key('shown'), '0', 60), store.swap(key('shown'), '0', 60)]);
      expect([a, b].sort()).toEqual(['0', '1']);
      expect(await store.swap(key('kept'), 'first')).toBeNull();
      expect(await store.swap(key('kept'), 'second', 1)).toBe('first');
      await sleep(1200);
      expect(await store.get(key('kept'))).toBeNull();
    });

    it('forgets a value once its TTL has passed, and set without TTL drops an earlier TTL', async () => {
      await store.set(key('short'), 'soon gone', 1);
      await store.set(key('kept'), 'first', 1);
      await store.set(key('kept'), 'second');

      expect(await store.get(key('short'))).toBe('soon gone');
      await sleep(1200);

      expect(await store.get(key('short'))).toBeNull();
      expect(await store.get(key('kept'))).toBe('second');
    });

    it('counts in a fixed window: TTL set by the first increment, counting restarts after it', async () => {
      expect(await store.incrWithTtl(key('login:ip'), 1)).toEqual({ count: 1, ttlSeconds: 1 });
      const second = await store.incrWithTtl(key('login:ip'), 1);
      expect(second.count).toBe(2);
      expect(second.ttlSeconds).toBeGreaterThan(0);
      expect(second.ttlSeconds).toBeLessThanOrEqual(1);

      await sleep(1200);

      expect(await store.incrWithTtl(key('login:ip'), 1)).toEqual({ count: 1, ttlSeconds: 1 });
    });

    it('keeps the window of the first increment instead of extending it', async () => {
      const first = await store.incrWithTtl(key('window'), 60);
      await store.incrWithTtl(key('window'), 3600);
      const third = await store.incrWithTtl(key('window'), 3600);

      expect(first).toEqual({ count: 1, ttlSeconds: 60 });
      expect(third.count).toBe(3);
      expect(third.ttlSeconds).toBeLessThanOrEqual(60);
      expect(third.ttlSeconds).toBeGreaterThan(55);
    });

    it('adds, lists and removes set members; the last removal removes the key', async () => {
      await store.setAdd(key('online'), 'socket-a');
      await store.setAdd(key('online'), 'socket-b');
      await store.setAdd(key('online'), 'socket-a');

      expect((await store.setMembers(key('online'))).sort()).toEqual(['socket-a', 'socket-b']);
      expect(await store.setMembers(key('nobody'))).toEqual([]);

      await store.setRemove(key('online'), 'socket-a');
      await store.setRemove(key('nobody'), 'socket-a');
      expect(await store.setMembers(key('online'))).toEqual(['socket-b']);

      await store.setRemove(key('online'), 'socket-b');
      expect(await store.setMembers(key('online'))).toEqual([]);
      // Gone entirely: the key can be reused as a plain value.
      await store.set(key('online'), 'plain');
      expect(await store.get(key('online'))).toBe('plain');
    });

    it('expires sets and values given a TTL with expire, and ignores missing keys', async () => {
      await store.setAdd(key('presence'), 'socket-a');
      await store.set(key('value'), 'v');
      await store.set(key('stays'), 'v');

      await store.expire(key('presence'), 1);
      await store.expire(key('value'), 1);
      await store.expire(key('missing'), 1);
      await sleep(1200);

      expect(await store.setMembers(key('presence'))).toEqual([]);
      expect(await store.get(key('value'))).toBeNull();
      expect(await store.get(key('stays'))).toBe('v');
      expect(await store.get(key('missing'))).toBeNull();
    });

    it('refuses a TTL that is not a positive whole number of seconds', async () => {
      await expect(store.set(key('a'), 'v', 0)).rejects.toThrow(RangeError);
      await expect(store.incrWithTtl(key('a'), 1.5)).rejects.toThrow(RangeError);
      await expect(store.expire(key('a'), -1)).rejects.toThrow(RangeError);
    });
  });
}
