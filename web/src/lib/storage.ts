// localStorage (or, with `area` 'session', this tab's sessionStorage) that never throws (private
// mode, quota, disabled storage).
type Area = 'local' | 'session';
const storageOf = (area: Area): Storage | undefined => (area === 'session' ? globalThis.sessionStorage : globalThis.localStorage);

export function readJson<T>(key: string, area: Area = 'local'): T | null {
  try {
    const raw = storageOf(area)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, area: Area = 'local'): void {
  try {
    storageOf(area)?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable */
  }
}

export function removeKey(key: string, area: Area = 'local'): void {
  try {
    storageOf(area)?.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

/**
 * Calls `listener` whenever another tab of this browser changes what localStorage holds under
 * `key` (or empties the storage): it reads the value now held; returns the unsubscribe.
 */
export function onStoredElsewhere(key: string, listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.storageArea === storageOf('local') && (e.key === key || e.key === null)) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => globalThis.removeEventListener?.('storage', onStorage);
}

/** the IndexedDB database of the files a member picked and has not sent yet (Create Profile's photos: features/registration) */
export const FILE_DRAFTS_DB = 'aero-file-drafts';

/**
 * Empties this tab's sessionStorage when a session ends: what it holds is the signed-in member's
 * (their unsent messages), or a sign-up's pending address, of no use by then; and the files a
 * member picked and has not sent (a shared phone keeps no one's photos).
 */
export function clearSessionArea(): void {
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    /* storage unavailable */
  }
  try {
    globalThis.indexedDB?.deleteDatabase(FILE_DRAFTS_DB);
  } catch {
    /* storage unavailable */
  }
}
