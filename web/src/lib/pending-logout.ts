import { readJson, removeKey, writeJson } from './storage';

// A sign-out the server did not hear (offline, or the server failing): the session's cookie, which
// only the server's answer removes (it is HttpOnly), still signs this browser in. Remembered here
// (localStorage: a closed tab too), the next start-up ends that session before anything else
// (features/auth startSession) and the page's first script asks for no member's data meanwhile
// (app/start-early.ts): whoever opens the app next on this phone is not signed in as the member who
// signed out. A sign-in forgets it: the cookie is then the new session's.

const KEY = 'aero.logout-pending';

export const logoutPending = (): boolean => readJson<unknown>(KEY) === true;
export const rememberLogoutPending = (): void => writeJson(KEY, true);
export const forgetLogoutPending = (): void => removeKey(KEY);
