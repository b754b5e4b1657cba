import { Redis } from 'ioredis';

/** Every key under `prefix` on the server at `url` (SCAN, so it is safe on a shared server). */
export async function keysWithPrefix(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    await redis.quit();
  }
}

/** Removes what a test run left under its own prefix; never touches other keys. */
export { deleteRedisKeys as deleteKeysWithPrefix } from '@aero/testing';
