import { sendFirstDeckEarly } from '../features/discovery/lib/first-deck';
import { readLocalSettings } from '../features/settings/lib/local-settings';
import { catalogLoaders } from '../i18n/catalog-loaders';
import { localeOf } from '../i18n/languages';
import { CURRENT_USER_CALL, hasCompleteProfile, loadPersistedUser, MATCHES_CALL, mainPhotoOf, showsVerificationStatus, VERIFICATION_STATUS_CALL } from '../lib/current-user/current-user-view';
import { API_BASE, sendEarly } from '../lib/http';
import { logoutPending } from '../lib/pending-logout';
import { preloadPhotos } from '../lib/preload-photos';
import { FIRST_TEXTS_MODULES, firstSegment, preloadScreenFiles, screenModuleAt } from './screen-routes';

// What the page's first script (entry.ts) starts before the app's modules have arrived and been
// evaluated (React, the store, the router: most of the JavaScript), so that it downloads alongside
// them instead of after them: without React or the store, only calls, chunks and photos. The app
// then takes what arrived: the calls' answers (`sendEarly`), the chunks (the same modules).

const ignore = () => undefined;

/**
 * For the address `pathname`: the session check's call; the first screen's texts in the chosen
 * language (and the screens' part when its screen waits for it); the screen's files (on `/` the
 * swipe screen's for a member with a complete profile this browser remembers, else the login
 * screen's); on `/swipe` the first deck's calls and, once they answered, the top card's photo; on
 * `/profile` the match list (its counts), an airline member's verification status (not verified
 * yet) and the member's photo. Those calls and photos at once for the member this browser
 * remembers, else once the session check answered with a member (a visitor's would only be
 * refused): a browser that keeps the session's cookie but not the app's storage gets its first
 * screen's data before the app has loaded all the same. A head start only: a call answered for
 * another session (a visitor's 401 before a sign-in) is never taken (`forgetEarlyAnswers`).
 */
export function startEarly(pathname: string): void {
  // a sign-out the server has not heard yet: no member's calls before the app has ended that session (lib/pending-logout.ts)
  const signingOut = logoutPending();
  const me = signingOut ? Promise.resolve(null) : sendEarly<ReturnType<typeof loadPersistedUser>>(API_BASE, CURRENT_USER_CALL);
  me.catch(ignore);
  const remembered = signingOut ? null : loadPersistedUser();
  const module = screenModuleAt(pathname, hasCompleteProfile(remembered));
  const catalogue = catalogLoaders[localeOf(readLocalSettings().preferences.language)];
  catalogue.first().catch(ignore);
  if (module) {
    if (!FIRST_TEXTS_MODULES.includes(module)) catalogue.screens().catch(ignore);
    preloadScreenFiles(module);
  }
  const segment = firstSegment(pathname);
  if (remembered) startForMember(segment, remembered);
  else me.then((user) => user && startForMember(segment, user), ignore);
}

/** The calls, and the photo, of the screen at `segment` for a member: the one this browser remembers, else the session's. */
function startForMember(segment: string, member: NonNullable<ReturnType<typeof loadPersistedUser>>): void {
  // not for a member without a complete profile: the swipe screen shows them no deck
  if (segment === 'swipe' && hasCompleteProfile(member)) sendFirstDeckEarly();
  if (segment === 'profile') {
    sendEarly(API_BASE, MATCHES_CALL).catch(ignore);
    // shown above the stats with the rest of the page (ProfileScreen waits for it)
    if (hasCompleteProfile(member) && showsVerificationStatus(member)) sendEarly(API_BASE, VERIFICATION_STATUS_CALL).catch(ignore);
    const photo = mainPhotoOf(member);
    if (photo) preloadPhotos([photo]);
  }
}
