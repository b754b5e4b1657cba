import type { AccountView } from '../identity/account.view.js';
import type { VerificationStatus } from '../options.js';

/** Profile fields as their owner sees them (GET /api/users/me joins these onto the account). */
export interface OwnProfileView {
  firstName: string | null;
  age: number | null;
  bio: string | null;
  location: string | null;
  /** private: only ever returned to the owner */
  latitude: string | null;
  longitude: string | null;
  airline: string | null;
  position: string | null;
  /** the member's base airport (IATA code: 'Based at DEN'), or null */
  baseAirport: string | null;
  verified: boolean;
  photos: string[];
  mainPhoto: string | null;
  profileCompleted: boolean;
  gender: string | null;
  interestedIn: string | null;
  distancePreference: number | null;
  agePreferenceMin: number;
  agePreferenceMax: number;
  drinkingHabits: string | null;
  smokingHabits: string | null;
  drugsCannabisCUse: string | null;
  dietaryPreferences: string | null;
  pets: string | null;
  exerciseHabits: string | null;
  sleepHabits: string | null;
  relationshipType: string | null;
  lookingFor: string | null;
  religion: string | null;
  politicalViews: string | null;
  ethnicity: string | null;
  languagesSpoken: string[];
  zodiacSign: string | null;
}

/** The profile of an account that has not registered one yet: nulls and the table's defaults. */
export const emptyOwnProfile = (): OwnProfileView => ({
  firstName: null,
  age: null,
  bio: null,
  location: null,
  latitude: null,
  longitude: null,
  airline: null,
  position: null,
  baseAirport: null,
  verified: false,
  photos: [],
  mainPhoto: null,
  profileCompleted: false,
  gender: null,
  interestedIn: null,
  distancePreference: null,
  agePreferenceMin: 18,
  agePreferenceMax: 99,
  drinkingHabits: null,
  smokingHabits: null,
  drugsCannabisCUse: null,
  dietaryPreferences: null,
  pets: null,
  exerciseHabits: null,
  sleepHabits: null,
  relationshipType: null,
  lookingFor: null,
  religion: null,
  politicalViews: null,
  ethnicity: null,
  languagesSpoken: [],
  zodiacSign: null,
});

/**
 * The current user as GET /api/users/me answers it and the web app caches it: the account joined
 * with the owner's profile fields, flat.
 */
export type CurrentUserView = AccountView &
  OwnProfileView & {
    /** the member must subscribe before using the app (`mustPay`: the gate and /subscribe follow it) */
    mustSubscribe: boolean;
  };

/** What one member may see of another: an allowlist, never email or coordinates (ARCHITECTURE §5). */
export type PublicProfileView = { id: string } & Omit<OwnProfileView, 'latitude' | 'longitude' | 'distancePreference' | 'agePreferenceMin' | 'agePreferenceMax' | 'profileCompleted'>;

export interface VerificationStatusView {
  status: VerificationStatus;
}

/** the member's review (`status`, what the member is shown) and how it counts for who pays (`mustPay`): internal to the services and gateway */
export interface EmploymentReviewView extends VerificationStatusView {
  /**
   * the review as the one rule of who pays reads it: a document sent again after a rejection
   * counts as that rejection until it is approved (under review is staff only the first time)
   */
  standing: VerificationStatus;
}

/** Admin queue item (spec §3 verification_documents). `user.email` is joined in by the gateway. */
export interface PendingVerificationView {
  id: string;
  fileName: string;
  createdAt: string;
  userId: string;
  user: { firstName: string | null; email?: string; airline: string | null; position: string | null };
}

export interface StoredDocumentView {
  id: string;
  userId: string;
  objectKey: string;
  contentType: string;
}

/**
 * What discovery needs besides the public view to decide who sees whom. Internal to the event
 * backbone: never sent to a browser (coordinates are snapped to a grid before any use).
 */
export interface MatchingCriteria {
  latitude: number | null;
  longitude: number | null;
  distancePreference: number | null;
  agePreferenceMin: number;
  agePreferenceMax: number;
  profileCompleted: boolean;
  /** the review of the member's employment document as it counts for who pays (`EmploymentReviewView.standing`): with the account, it decides who must pay (`mustPay`) */
  verification: VerificationStatus;
}

