import { type CurrentUserView, isAirline } from '@aero/contracts/shared';
import type { HttpRequest } from '../http';
import { readJson } from '../storage';

// What the current user's call and view are, without the store: the page's first script
// (app/start-early.ts) sends the call and fetches the main photo before the app has loaded.

/** GET /api/users/me (spec §7): the session check */
export const CURRENT_USER_CALL: HttpRequest = { url: '/users/me' };

/** how long a screen that shows the current user takes it as fresh (My Profile asks again when it is older) */
export const CURRENT_USER_FRESH_SECONDS = 30;

/** GET /api/matches (spec §7): the match list (My Profile's counts, the chat's list) */
export const MATCHES_CALL: HttpRequest = { url: '/matches' };

/** GET /api/verification/status: an airline member's employment verification (My Profile shows it above the stats) */
export const VERIFICATION_STATUS_CALL: HttpRequest = { url: '/verification/status' };

/** A member whose My Profile shows their employment verification's status: an airline member not verified yet. */
export const showsVerificationStatus = (user: Pick<CurrentUserView, 'userType' | 'verified'>): boolean => isAirline(user.userType) && !user.verified;

/** The main photo: the stored one when it is among the photos, else the first. */
export function mainPhotoOf(p: Pick<CurrentUserView, 'photos' | 'mainPhoto'>): string | null {
  if (p.mainPhoto && p.photos.includes(p.mainPhoto)) return p.mainPhoto;
  return p.photos[0] ?? null;
}

/** A member the swipe screen is for: signed in with a complete profile (`/` shows them the deck). */
export const hasCompleteProfile = (user: Pick<CurrentUserView, 'profileCompleted'> | null | undefined): boolean => user?.profileCompleted === true;

/** where this browser keeps its copy of the current user (persisted-user.ts) */
export const USER_CACHE_KEY = 'aero.currentUser';

/** The stored copy, when it has the shape the server answers (older copies are not used). */
export function loadPersistedUser(): CurrentUserView | null {
  const user = readJson<CurrentUserView>(USER_CACHE_KEY);
  return user && typeof user === 'object' && typeof user.id === 'string' && typeof user.mustSubscribe === 'boolean' && Array.isArray(user.photos) ? user : null;
}
