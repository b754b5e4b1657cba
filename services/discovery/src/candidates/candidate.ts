import type { FilterPreferencesView, PublicProfileView, SubscriptionStatus, UserType } from '@aero/contracts';
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
  boostUntil: Date | null;
  superLikesUsed: number;
  superLikesDay: string | null;
  filters: FilterPreferencesView | null;
  /** privacy settings (profiles.settings.changed) */
  visibility: 'everyone' | 'verified-only' | 'hidden';
  showAge: boolean;
  showDistance: boolean;
  /** banned, or suspended until a moment still to come: hidden everywhere */
  restricted?: boolean;
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
}

/** what a deck query narrows by, besides the fixed rules (the saved filter or the query's) */
export interface DeckFilters {
  minAge: number | null;
  maxAge: number | null;
  airlines: string[];
  positions: string[];
  gender: 'male' | 'female' | null;
}

/** the profile's gender a member interested in `interestedIn` wants to see (null: both) */
export const wantedGender = (interestedIn: string | null) => (interestedIn === 'man' ? 'male' : interestedIn === 'woman' ? 'female' : null);
/** the interestedIn value that includes a member of `gender` */
export const interestFor = (gender: string | null) => (gender === 'male' ? 'man' : gender === 'female' ? 'woman' : null);
