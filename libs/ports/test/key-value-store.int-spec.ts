import { redisUrl, uniqueName } from '@aero/testing';
import { keyValueStoreContract } from '../src/key-value-store/key-value-store.contract.js';
import { MemoryKeyValueStore } from '../src/key-value-store/memory.key-value-store.js';
import { RedisKeyValueStore } from '../src/key-value-store/redis.key-value-store.js';
import { deleteKeysWithPrefix, keysWithPrefix } from './redis-cleanup.js';

keyValueStoreContract('MemoryKeyValueStore', async () => {
  const store = new MemoryKeyValueStore();
  return { store, cleanup: () => store.close() };
});

keyValueStoreContract('RedisKeyValueStore (real Redis)', async () => {
  const url = await redisUrl();
  const keyPrefix = `${uniqueName('aero-test')}:kv:`;
  const store = new RedisKeyValueStore({ url, keyPrefix });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await deleteKeysWithPrefix(url, keyPrefix);
    },
  };
});

describe('RedisKeyValueStore key prefix', () => {
  it('keeps every key it writes, including counters, under its prefix', async () => {
    const url = await redisUrl();
    const keyPrefix = `${uniqueName('aero-test')}:kv:`;
    const store = new RedisKeyValueStore({ url, keyPrefix });
    try {
      await store.set('session:s1', 'u1', 60);
      await store.incrWithTtl('rate:login:1.2.3.4', 60);
      await store.setAdd('presence:u1', 'socket-a');

      expect((await keysWithPrefix(url, keyPrefix)).sort()).toEqual(
        [`${keyPrefix}presence:u1`, `${keyPrefix}rate:login:1.2.3.4`, `${keyPrefix}session:s1`].sort(),
      );
    } finally {
      await store.close();
      await deleteKeysWithPrefix(url, keyPrefix);
    }
  });
});
