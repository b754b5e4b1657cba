import { redisUrl, uniqueName } from '@aero/testing';
import { MemoryRateLimiters, RedisRateLimiters } from '../src/rate-limiter/flexible.rate-limiter.js';
import type { RateLimiters } from '../src/rate-limiter/rate-limiter.port.js';
import { deleteKeysWithPrefix, keysWithPrefix } from './redis-cleanup.js';

/** The same behaviour from both adapters of the rate-limit port. */
function rateLimiterContract(name: string, open: () => Promise<{ limiters: RateLimiters; cleanup(): Promise<void> }>) {
  describe(`${name} rate limiters`, () => {
    let limiters: RateLimiters;
    let cleanup: () => Promise<void>;
    beforeEach(async () => ({ limiters, cleanup } = await open()));
    afterEach(() => cleanup());

    it('allows `points` hits per key and window, then refuses with a Retry-After', async () => {
      const limiter = limiters.limiter({ name: 'login', points: 3, durationSeconds: 60 });
      for (let i = 0; i < 3; i++) expect((await limiter.consume('a@x')).allowed).toBe(true);
      const refused = await limiter.consume('a@x');
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      // other keys and other limits are counted apart
      expect((await limiter.consume('b@x')).allowed).toBe(true);
      expect((await limiters.limiter({ name: 'verify', points: 3, durationSeconds: 60 }).consume('a@x')).allowed).toBe(true);
    });

    it('takes back rewarded hits, and forgets a key on reset', async () => {
      const limiter = limiters.limiter({ name: 'fail', points: 2, durationSeconds: 60 });
      await limiter.consume('ip');
      expect((await limiter.consume('ip')).allowed).toBe(true);
      // held for a request in flight, given back when it did not count
      await limiter.reward('ip');
      expect((await limiter.consume('ip')).allowed).toBe(true);
      const full = await limiter.consume('ip');
      expect(full.allowed).toBe(false);
      expect(full.retryAfterSeconds).toBeGreaterThan(0);
      await limiter.reset('ip');
      expect((await limiter.consume('ip')).allowed).toBe(true);
    });

    it('counts concurrent hits exactly', async () => {
      const limiter = limiters.limiter({ name: 'burst', points: 10, durationSeconds: 60 });
      const results = await Promise.all(Array.from({ length: 25 }, () => limiter.consume('k')));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    });

    it('starts a new window when the old one ends', async () => {
      const limiter = limiters.limiter({ name: 'short', points: 1, durationSeconds: 1 });
      expect((await limiter.consume('k')).allowed).toBe(true);
      expect((await limiter.consume('k')).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await limiter.consume('k')).allowed).toBe(true);
    });
  });
}

rateLimiterContract('memory', async () => {
  const limiters = new MemoryRateLimiters();
  return { limiters, cleanup: () => limiters.close() };
});

let redisPrefix = '';
rateLimiterContract('Redis (real server)', async () => {
  const url = await redisUrl();
  redisPrefix = `${uniqueName('aero-test')}:rl:`;
  const limiters = new RedisRateLimiters({ url, keyPrefix: redisPrefix });
  return {
    limiters,
    cleanup: async () => {
      await limiters.close();
      await deleteKeysWithPrefix(url, redisPrefix);
    },
  };
});

describe('Redis rate limiters', () => {
  it('share counts between instances (two gateways) and keep keys under their prefix', async () => {
    const url = await redisUrl();
    const keyPrefix = `${uniqueName('aero-test')}:rl:`;
    const one = new RedisRateLimiters({ url, keyPrefix });
    const two = new RedisRateLimiters({ url, keyPrefix });
    try {
      const rule = { name: 'signup', points: 2, durationSeconds: 60 };
      expect((await one.limiter(rule).consume('ip')).allowed).toBe(true);
      expect((await two.limiter(rule).consume('ip')).allowed).toBe(true);
      expect((await one.limiter(rule).consume('ip')).allowed).toBe(false);
      const keys = await keysWithPrefix(url, keyPrefix);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(keyPrefix))).toBe(true);
    } finally {
      await one.close();
      await two.close();
      await deleteKeysWithPrefix(url, keyPrefix);
    }
  });
});
