import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter, RateLimiters, RateLimitRule } from './rate-limiter.port.js';

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

class FlexibleRateLimiter implements RateLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async consume(key: string, points = 1): Promise<RateDecision> {
    try {
      const res = await this.limiter.consume(key, points);
      return { allowed: true, retryAfterSeconds: seconds(res.msBeforeNext) };
    } catch (err) {
      // the library rejects with a RateLimiterRes when over the limit, with an Error when the store fails
      if (err instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, seconds(err.msBeforeNext)) };
      throw err;
    }
  }

  async reward(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** Limits kept in this process's memory: single-node mode. */
export class MemoryRateLimiters implements RateLimiters {
  limiter(rule: RateLimitRule): RateLimiter {
    return new FlexibleRateLimiter(new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }));
  }

  async close() {}
}

/** Limits in Redis, shared by every gateway instance (keys under `keyPrefix`). */
export class RedisRateLimiters implements RateLimiters {
  private readonly redis: Redis;

  constructor(options: { url: string; keyPrefix: string }) {
    this.redis = new Redis(options.url, { keyPrefix: options.keyPrefix, lazyConnect: true, enableOfflineQueue: true });
  }

  limiter(rule: RateLimitRule): RateLimiter {
    return new FlexibleRateLimiter(new RateLimiterRedis({ storeClient: this.redis, keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }));
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
