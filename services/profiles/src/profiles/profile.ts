import type { VerificationStatus } from '@aero/contracts';

/** A profile as the profiles service's rules see it: a plain object (ProfileRepository maps the ORM entity to it and back). */
export interface Profile {
  userId: string;
  /** increases with every change other services hear of (the revision in its events) */
  revision: number;
  firstName: string | null;
  age: number | null;
  bio: string | null;
  location: string | null;
  /** private: returned only to the owner, never in events or to other members */
  latitude: string | null;
  longitude: string | null;
  airline: string | null;
  position: string | null;
  /** IATA code of the member's base airport */
  baseAirport: string | null;
  /** the badge: true exactly while `verification` is approved */
  verified: boolean;
  /** the review of the member's newest employment document (a copy kept with the documents, in the same transaction) */
  verification: VerificationStatus;
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
  createdAt: Date;
  updatedAt: Date;
}

