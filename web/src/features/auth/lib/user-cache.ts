import { readJson, removeKey, writeJson } from '../../../lib/storage';
import type { User } from '../types/user';

/** The browser's copy of the current user (spec §4 Session). */
export const USER_CACHE_KEY = 'aero.currentUser';

export const loadCachedUser = (): User | null => {
  const user = readJson<User>(USER_CACHE_KEY);
  return user && typeof user === 'object' && 'id' in user ? user : null;
};
export const cacheUser = (user: User) => writeJson(USER_CACHE_KEY, user);
export const clearCachedUser = () => removeKey(USER_CACHE_KEY);
