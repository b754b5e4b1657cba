import { type FilterPreferencesView, mustPay, type PaymentStanding, type PublicProfileView, ServerLimits, type SubscriptionStatus, type UserType, type VerificationStatus } from '@aero/contracts';
import type { Cell } from './location-grid.js';

/** A member as discovery knows them: the read model built from identity and profiles events. */
export interface Candidate {
  userId: string;
  profile: PublicProfileView | null;
  profileCompleted: boolean;
  age: number | null;
  gender: string | null;
  interestedIn: string | null;
  ageMin: number;
  ageMax: number;
  distancePreference: number | null;
  cell: Cell | null;
  userType: UserType | null;
  subscriptionStatus: SubscriptionStatus;
  demo: boolean;
  /** when the account was created (identity events; null until one arrived) */
  registeredAt: Date | null;
  /** the review of the member's employment document (profile events) */
  verification: VerificationStatus;
  /** the end of free use as airline staff (`staffAccessUntil` of the above; null: none), what the deck's SQL admits by */
  staffAccessUntil: Date | null;
  boostUntil: Date | null;
  /** when the member's last boost started (null: none since boosts were recorded), what the cooldown counts from */
  boostStartedAt: Date | null;
  superLikesUsed: number;
  superLikesDay: string | null;
  filters: FilterPreferencesView | null;
  /** privacy settings (profiles.settings.changed) */
  visibility: 'everyone' | 'verified-only' | 'hidden';
  showAge: boolean;
  showDistance: boolean;
  /** banned (Infinity) or suspended until this moment (ms since the epoch); none when neither */
  restrictedUntilMs?: number | null;
  /** IATA code of the member's base airport (profile events) */
  baseAirport: string | null;
  /** `privacy.hideFromOwnAirline`: members of the same airline never see each other in a deck */
  hideOwnAirline: boolean;
}

/** one card of a deck query, before it is turned into the view */
export interface DeckRow {
  userId: string;
  /** as others may see it: no age when the member hides it */
  profile: PublicProfileView;
  /** null when unknown or hidden by the member */
  miles: number | null;
  boosted: boolean;
  likedMe: boolean;
  /** the member's layover, when the viewer is in its overlap */
  layover: { city: string; nights: number } | null;
}

/** what a deck query narrows by, besides the fixed rules (the saved filter or the query's) */
export interface DeckFilters {
  minAge: number | null;
  maxAge: number | null;
  airlines: string[];
  positions: string[];
  gender: 'male' | 'female' | null;
  baseAirports: string[];
}

/** the profile's gender a member interested in `interestedIn` wants to see (null: both) */
export const wantedGender = (interestedIn: string | null) => (interestedIn === 'man' ? 'male' : interestedIn === 'woman' ? 'female' : null);
/** the interestedIn value that includes a member of `gender` */
export const interestFor = (gender: string | null) => (gender === 'male' ? 'man' : gender === 'female' ? 'woman' : null);

/** the first year of the band that holds `age`, on which a member who hides their age is matched (`ServerLimits.hiddenAgeBandYears`) */
const hiddenAgeBandStart = (age: number) => Math.floor(age / ServerLimits.hiddenAgeBandYears) * ServerLimits.hiddenAgeBandYears;

/**
 * whether the member's age is within `min`..`max` (null: no bound on that side) as far as anyone may
 * know it: their exact age when they show it; when they hide it (`privacy.showAge` off), whether the
 * range overlaps the band that holds it (`ServerLimits.hiddenAgeBandYears`), so that trying
 * narrower and narrower ranges (a deck filter, one's own preference) finds their band and no more.
 * Every match of an age against a range goes by it; the deck's SQL says the same (`AGE_IN_RANGE`).
 */
export const ageInRange = (m: Pick<Candidate, 'age' | 'showAge'>, min: number | null, max: number | null): boolean => {
  if (m.age === null) return min === null && max === null;
  const low = m.showAge ? m.age : hiddenAgeBandStart(m.age);
  const high = m.showAge ? m.age : hiddenAgeBandStart(m.age) + ServerLimits.hiddenAgeBandYears - 1;
  return (min === null || high >= min) && (max === null || low <= max);
};

/**
 * whether `owner` wants to meet `viewer` as far as the owner's own preferences go: interested in
 * the viewer's gender ('both' or theirs) and the viewer's age in the owner's range (`ageInRange`:
 * by its band when the viewer hides it). The deck shows only such members (its SQL says the same),
 * and a like or super like must be for one: a like tells its owner "liked you", so no one is told
 * that by someone they do not want to meet.
 */
export const wantsToMeet = (owner: Candidate, viewer: Candidate): boolean =>
  (owner.interestedIn === 'both' || (owner.interestedIn !== null && owner.interestedIn === interestFor(viewer.gender))) &&
  viewer.age !== null &&
  ageInRange(viewer, owner.ageMin, owner.ageMax);

/** the member's standing in the one rule of who must pay; a registration not heard of yet counts as long ago */
export const standingOf = (c: Pick<Candidate, 'userType' | 'subscriptionStatus' | 'verification' | 'registeredAt'>): PaymentStanding => ({
  userType: c.userType,
  subscriptionStatus: c.subscriptionStatus,
  verification: c.verification,
  registeredAt: c.registeredAt ?? new Date(0),
});

/**
 * A member whose card may be shown and swiped on as far as paying goes: they have a type and do
 * not have to pay (`mustPay`: an active subscription, or airline staff); the demo crew never pays.
 * The deck's SQL says the same with the stored `staff_access_until`.
 */
export const admitted = (c: Candidate, now: Date) => !!c.userType && (c.demo || !mustPay(standingOf(c), now));

/** a member who may use the deck, swipe and boost: a complete profile, and admitted (not one who must pay first) */
export const mayDiscover = (me: Candidate | null, now: Date): me is Candidate => !!me?.profileCompleted && admitted(me, now);

/** two airline members of the same airline of whom one hides from their own airline (`privacy.hideFromOwnAirline`): neither sees the other in a deck */
export const hiddenByAirline = (a: Candidate, b: Candidate | null) =>
  !!b && a.userType === 'airline' && b.userType === 'airline' && !!a.profile?.airline && a.profile.airline === b.profile?.airline && (a.hideOwnAirline || b.hideOwnAirline);

/** banned, or suspended until a moment after `now` (the service's clock): hidden everywhere */
export const isRestricted = (c: Pick<Candidate, 'restrictedUntilMs'>, now: Date): boolean => c.restrictedUntilMs != null && c.restrictedUntilMs > now.getTime();

/** a member others may see at all: a complete profile, admitted (see above), not hidden, not restricted (who sees them: `visibleTo`) */
export const isVisible = (c: Candidate | null, now: Date): c is Candidate => !!c && c.profileCompleted && admitted(c, now) && c.visibility !== 'hidden' && !isRestricted(c, now);

/**
 * whether the owner's privacy settings alone show them to `viewer`: not hidden, shown to everyone
 * or only to verified airline staff (`verified-only`), and not hidden by their airline ("who viewed
 * me" shows a viewer by the same rule: SHOWN_TO in the repository)
 */
export const privacyShows = (owner: Candidate, viewer: Candidate | null): boolean =>
  owner.visibility !== 'hidden' && (owner.visibility === 'everyone' || (viewer?.userType === 'airline' && !!viewer.profile?.verified)) && !hiddenByAirline(owner, viewer);

/**
 * whether `viewer` may see `owner` at `now` as far as the owner's privacy goes: visible, and their
 * privacy shows them to the viewer (`privacyShows`).
 * A deck, a swipe, a profile view and the photos all go by it (the deck's SQL says the same).
 */
export const visibleTo = (owner: Candidate | null, viewer: Candidate | null, now: Date): owner is Candidate => isVisible(owner, now) && privacyShows(owner, viewer);

/**
 * a hidden member browses incognito: they are seen by their matches only, so what they do tells
 * no one else — their profile views are not recorded and a like of theirs that makes no match is
 * news for no one (it is recorded, and puts them first in that member's deck once visible again)
 */
export const browsesIncognito = (c: Pick<Candidate, 'visibility'>): boolean => c.visibility === 'hidden';
