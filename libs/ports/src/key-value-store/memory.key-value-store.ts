import { assertTtl, type Counter, type KeyValueStore } from './key-value-store.port.js';

interface Entry {
  value: string | Set<string>;
  /** epoch ms; undefined = no expiry */
  expiresAt?: number;
}

/** How often forgotten keys (never read again after expiring) are swept out of memory. */
const SWEEP_INTERVAL_MS = 60_000;

/** A key of the wrong kind, as Redis answers WRONGTYPE. */
export class WrongTypeError extends Error {
  constructor(key: string) {
    super(`WRONGTYPE: ${key} holds another kind of value`);
    this.name = 'WrongTypeError';
  }
}

/**
 * Single-node key-value store. Expired keys vanish on access (like Redis' lazy expiry) and a
 * periodic sweep frees the ones nobody reads again, so sessions and counters do not leak memory.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref(); // never keeps the process alive on its own
  }

  /** The live entry for `key`, dropping it when it has expired. */
  private entry(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private membersOf(key: string): Set<string> | undefined {
    const entry = this.entry(key);
    if (entry && typeof entry.value === 'string') throw new WrongTypeError(key);
    return entry?.value as Set<string> | undefined;
  }

  private valueOf(key: string): string | null {
    const entry = this.entry(key);
    if (!entry) return null;
    if (typeof entry.value !== 'string') throw new WrongTypeError(key);
    return entry.value;
  }

  private put(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds !== undefined) assertTtl(ttlSeconds);
    this.entries.set(key, { value, expiresAt: ttlSeconds === undefined ? undefined : this.now() + ttlSeconds * 1000 });
  }

  async get(key: string): Promise<string | null> {
    return this.valueOf(key);
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.put(key, value, ttlSeconds);
  }

  /** read and written in one synchronous step: no other call runs between them */
  async swap(key: string, value: string, ttlSeconds?: number): Promise<string | null> {
    const before = this.valueOf(key);
    this.put(key, value, ttlSeconds);
    return before;
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async incrWithTtl(key: string, ttlSeconds: number): Promise<Counter> {
    assertTtl(ttlSeconds);
    const entry = this.entry(key);
    if (entry && typeof entry.value !== 'string') throw new WrongTypeError(key);
    const count = (entry ? Number.parseInt(entry.value as string, 10) : 0) + 1;
    // The window starts with the first increment; a counter without TTL gets one, as in Redis.
    const expiresAt = entry?.expiresAt ?? this.now() + ttlSeconds * 1000;
    this.entries.set(key, { value: String(count), expiresAt });
    return { count, ttlSeconds: Math.ceil((expiresAt - this.now()) / 1000) };
  }

  async setAdd(key: string, member: string): Promise<void> {
    const members = this.membersOf(key);
    if (members) members.add(member);
    else this.entries.set(key, { value: new Set([member]) });
  }

  async setRemove(key: string, member: string): Promise<void> {
    const members = this.membersOf(key);
    if (!members) return;
    members.delete(member);
    if (members.size === 0) this.entries.delete(key);
  }

  async setMembers(key: string): Promise<string[]> {
    return [...(this.membersOf(key) ?? [])];
  }

  async expire(key: string, ttlSeconds: number): Promise<void> {
    assertTtl(ttlSeconds);
    const entry = this.entry(key);
    if (entry) entry.expiresAt = this.now() + ttlSeconds * 1000;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private sweep() {
    for (const key of this.entries.keys()) this.entry(key);
  }
}
