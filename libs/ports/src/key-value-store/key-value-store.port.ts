export interface Counter {
  count: number;
  /** seconds until the window closes and the count starts again from zero */
  ttlSeconds: number;
}

/**
 * The key-value port for sessions, presence, rate limits and similar short-lived state.
 * Adapters: `MemoryKeyValueStore` (single node) and `RedisKeyValueStore` (`REDIS_URL`).
 * Semantics follow Redis: a key holds a string or a set; TTLs are whole seconds (> 0).
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** replaces the value; without `ttlSeconds` the key does not expire (any earlier TTL is dropped) */
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** `set`, answering in the same step the value it replaced (null for a missing key): of two swaps at once, each sees the other's value or the one before both */
  swap(key: string, value: string, ttlSeconds?: number): Promise<string | null>;
  del(key: string): Promise<void>;
  /**
   * Fixed-window counter: increments `key`; the first increment of a window sets its TTL, later
   * ones keep it. Rate limits compare `count` and report `ttlSeconds` as Retry-After.
   */
  incrWithTtl(key: string, ttlSeconds: number): Promise<Counter>;
  setAdd(key: string, member: string): Promise<void>;
  /** removing the last member removes the key */
  setRemove(key: string, member: string): Promise<void>;
  /** members in no particular order; [] for a missing key */
  setMembers(key: string): Promise<string[]>;
  /** (re)sets the TTL of an existing key of either kind; no effect on a missing key */
  expire(key: string, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export function assertTtl(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError(`TTL must be a whole number of seconds > 0, got ${ttlSeconds}`);
}
