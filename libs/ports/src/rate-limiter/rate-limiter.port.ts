/** One limit: at most `points` hits per key within `durationSeconds` (a fixed window per key). */
export interface RateLimitRule {
  /** names the limit; keys of different limits never collide */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** whole seconds until the key's window ends (0 when the key has no window yet) */
  retryAfterSeconds: number;
}

/**
 * The rate-limit port: counters shared by every gateway instance in distributed mode.
 * Adapters: rate-limiter-flexible's memory store (single node) and its Redis store (`REDIS_URL`).
 */
export interface RateLimiter {
  /** counts `points` hits against `key`; not allowed once the window's count exceeds the limit */
  consume(key: string, points?: number): Promise<RateDecision>;
  /** gives back `points` hits counted by `consume` (one held while a request was in flight, that turned out not to count) */
  reward(key: string, points?: number): Promise<void>;
  /** forgets `key` (e.g. after a successful sign-in) */
  reset(key: string): Promise<void>;
}

export interface RateLimiters {
  limiter(rule: RateLimitRule): RateLimiter;
  close(): Promise<void>;
}
