import { Redis } from 'ioredis';
import { assertTtl, type Counter, type KeyValueStore } from './key-value-store.port.js';

export interface RedisKeyValueStoreOptions {
  url: string;
  /** prepended to every key, e.g. `aero:kv:` (tests use a unique one and delete it afterwards) */
  keyPrefix: string;
}

// One round trip, atomic: increment, start the window on the first hit (or if a crash left the
// key without TTL), and report the count with the remaining TTL.
const INCR_WITH_TTL = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Distributed key-value store on Redis (`REDIS_URL`), shared by every gateway and service instance. */
export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;

  constructor(options: RedisKeyValueStoreOptions) {
    // lazyConnect: constructing the store (e.g. in a factory) opens no socket until first use.
    this.redis = new Redis(options.url, { keyPrefix: options.keyPrefix, lazyConnect: true });
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    if (ttlSeconds === undefined) {
      await this.redis.set(key, value);
    } else {
      assertTtl(ttlSeconds);
      await this.redis.set(key, value, 'EX', ttlSeconds);
    }
  }

  async swap(key: string, value: string, ttlSeconds?: number): Promise<string | null> {
    if (ttlSeconds === undefined) return this.redis.set(key, value, 'GET');
    assertTtl(ttlSeconds);
    return this.redis.set(key, value, 'EX', ttlSeconds, 'GET');
  }

  async del(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async incrWithTtl(key: string, ttlSeconds: number): Promise<Counter> {
    assertTtl(ttlSeconds);
    const [count, ttl] = (await this.redis.eval(INCR_WITH_TTL, 1, key, ttlSeconds)) as [number, number];
    return { count, ttlSeconds: ttl };
  }

  async setAdd(key: string, member: string): Promise<void> {
    await this.redis.sadd(key, member);
  }

  async setRemove(key: string, member: string): Promise<void> {
    await this.redis.srem(key, member);
  }

  async setMembers(key: string): Promise<string[]> {
    return this.redis.smembers(key);
  }

  async expire(key: string, ttlSeconds: number): Promise<void> {
    assertTtl(ttlSeconds);
    await this.redis.expire(key, ttlSeconds);
  }

  async close(): Promise<void> {
    // A never-used lazy client has no connection to quit gracefully.
    if (this.redis.status === 'wait') this.redis.disconnect();
    else await this.redis.quit();
  }
}
