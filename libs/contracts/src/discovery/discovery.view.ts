import type { PublicProfileView } from '../profiles/profile.view.js';
import type { CandidateLayoverView } from './layover.view.js';

/**
 * Distance bands (upper bound in miles) a candidate may carry instead of any coordinate: the
 * spec's distance options. Beyond the last band the distance is null.
 */
export const DISTANCE_BANDS_MILES = [5, 10, 25, 50, 100, 250] as const;
export type DistanceBand = (typeof DISTANCE_BANDS_MILES)[number];
/** The same bands as members who use kilometres read them (5 mi → 8 km, …, 250 mi → 400 km). */
export const DISTANCE_BANDS_KM: Record<DistanceBand, number> = { 5: 8, 10: 16, 25: 40, 50: 80, 100: 160, 250: 400 };

/** A card in the deck: the public profile, how far (as a band), and whether they boosted or liked you first. */
export type CandidateView = PublicProfileView & {
  /** the upper bound of the distance band in miles; null when unknown, hidden or over 250 */
  distanceBand: DistanceBand | null;
  boosted: boolean;
  /** the member's layover, only to members in its overlap (the same place, overlapping nights); else null */
  layover: CandidateLayoverView | null;
};

export interface SwipeResult {
  isMatch: boolean;
  match?: { id: string };
}

export interface BoostView {
  /** minutes the boost lasts from now */
  duration: number;
  expiresAt: string;
}

/** GET /api/boost: the member's boost as the server holds it (another device may have started it) */
export interface BoostStateView {
  /** when the boost on now ends; null when none is on */
  expiresAt: string | null;
  /** how long it has left by the server's clock (0 when none is on): a device whose clock is off still shows it right */
  secondsLeft: number;
}

export interface FilterPreferencesView {
  minAge: number | null;
  maxAge: number | null;
  airlines: string[];
  positions: string[];
  gender: 'male' | 'female' | 'everyone';
  /** IATA codes: members based at one of them */
  baseAirports: string[];
}

/** spec §3 profile_views list entry: the viewer's card and when */
export interface ProfileViewEntry {
  id: string;
  viewer: Pick<PublicProfileView, 'id' | 'firstName' | 'age' | 'verified' | 'position' | 'airline' | 'location' | 'mainPhoto' | 'photos'>;
  createdAt: string;
}

/**
 * What discovery.unmatch and discovery.block answer: the match the call ended, for the gateway to
 * close its conversation (messaging.end-conversation) before it answers; null when none ended (a
 * block of someone never matched, or a block repeated)
 */
export interface MatchEndReply {
  success: true;
  endedMatch: { matchId: string; userIds: [string, string] } | null;
}

/** spec §3 match list item */
export interface MatchView {
  id: string;
  otherUser: Pick<PublicProfileView, 'id' | 'firstName' | 'mainPhoto' | 'position' | 'airline'>;
  hasMessages: boolean;
  hasUnreadMessages: boolean;
  /** online now (and showing it); live changes arrive as user_online / user_offline */
  online?: boolean;
  createdAt: string;
}


/** The day a super like counts against: the daily quota (`Limits.superLikesPerDay`) starts again at midnight UTC. */
export const superLikeDay = (at: Date) => at.toISOString().slice(0, 10);

/** super likes used on `now`'s day, from a count and the day it was kept for (a new day starts from zero) */
export const superLikesUsedOn = (count: { superLikesUsed: number; superLikesDay: string | null }, now: Date) => (count.superLikesDay === superLikeDay(now) ? count.superLikesUsed : 0);
