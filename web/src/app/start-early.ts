import { sendFirstDeckEarly } from '../features/discovery/lib/first-deck';
import { readLocalSettings } from '../features/settings/lib/local-settings';
import { catalogLoaders } from '../i18n/catalog-loaders';
import { localeOf } from '../i18n/languages';
import { CURRENT_USER_CALL, hasCompleteProfile, loadPersistedUser, MATCHES_CALL, mainPhotoOf, showsVerificationStatus, VERIFICATION_STATUS_CALL } from '../lib/current-user/current-user-view';
import { API_BASE, sendEarly } from '../lib/http';
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
 * `/profile` the match list (its counts), an airline member's verification status (not verified yet) and the member's photo (the one this browser remembers at
 * once, else once the session check answered). Those calls only for a member this browser
 * remembers: a visitor's would only be refused. A head start only: a call answered for another
 * session (a visitor's 401 before a sign-in) is never taken (`forgetEarlyAnswers`).
 */
export function startEarly(pathname: string): void {
  const me = sendEarly<ReturnType<typeof loadPersistedUser>>(API_BASE, CURRENT_USER_CALL);
  me.catch(ignore);
  const remembered = loadPersistedUser();
  const module = screenModuleAt(pathname, hasCompleteProfile(remembered));
  const catalogue = catalogLoaders[localeOf(readLocalSettings().preferences.language)];
  catalogue.first().catch(ignore);
  if (module) {
    if (!FIRST_TEXTS_MODULES.includes(module)) catalogue.screens().catch(ignore);
    preloadScreenFiles(module);
  }
  const segment = firstSegment(pathname);
  if (!remembered) return;
  // not for a member without a complete profile: the swipe screen shows them no deck
  if (segment === 'swipe' && hasCompleteProfile(remembered)) sendFirstDeckEarly();
  if (segment === 'profile') {
    sendEarly(API_BASE, MATCHES_CALL).catch(ignore);
    // shown above the stats with the rest of the page (ProfileScreen waits for it)
    if (hasCompleteProfile(remembered) && showsVerificationStatus(remembered)) sendEarly(API_BASE, VERIFICATION_STATUS_CALL).catch(ignore);
    const photoOf = (user: ReturnType<typeof loadPersistedUser>) => {
      const photo = user && mainPhotoOf(user);
      if (photo) preloadPhotos([photo]);
    };
    photoOf(remembered);
  }
}
