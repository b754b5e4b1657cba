import { emptyOwnProfile, type OwnProfileView, type ProfileChangedEvent, type PublicProfileView } from '@aero/contracts';
import type { Profile } from './profile.js';

/** The fields a profile form may write (everything of OwnProfileView the owner controls). */
export const EDITABLE_FIELDS = [
  'firstName',
  'age',
  'bio',
  'location',
  'latitude',
  'longitude',
  'airline',
  'position',
  'baseAirport',
  'gender',
  'interestedIn',
  'distancePreference',
  'agePreferenceMin',
  'agePreferenceMax',
  'drinkingHabits',
  'smokingHabits',
  'drugsCannabisCUse',
  'dietaryPreferences',
  'pets',
  'exerciseHabits',
  'sleepHabits',
  'relationshipType',
  'lookingFor',
  'religion',
  'politicalViews',
  'ethnicity',
  'languagesSpoken',
  'zodiacSign',
] as const satisfies readonly (keyof OwnProfileView & keyof Profile)[];

export const toOwnProfileView = (p: Profile): OwnProfileView => ({
  firstName: p.firstName,
  age: p.age,
  bio: p.bio,
  location: p.location,
  latitude: p.latitude,
  longitude: p.longitude,
  airline: p.airline,
  position: p.position,
  baseAirport: p.baseAirport,
  verified: p.verified,
  photos: p.photos ?? [],
  mainPhoto: p.mainPhoto,
  profileCompleted: p.profileCompleted,
  gender: p.gender,
  interestedIn: p.interestedIn,
  distancePreference: p.distancePreference,
  agePreferenceMin: p.agePreferenceMin,
  agePreferenceMax: p.agePreferenceMax,
  drinkingHabits: p.drinkingHabits,
  smokingHabits: p.smokingHabits,
  drugsCannabisCUse: p.drugsCannabisCUse,
  dietaryPreferences: p.dietaryPreferences,
  pets: p.pets,
  exerciseHabits: p.exerciseHabits,
  sleepHabits: p.sleepHabits,
  relationshipType: p.relationshipType,
  lookingFor: p.lookingFor,
  religion: p.religion,
  politicalViews: p.politicalViews,
  ethnicity: p.ethnicity,
  languagesSpoken: p.languagesSpoken ?? [],
  zodiacSign: p.zodiacSign,
});

/** What other members (and other services, through events) may see: an allowlist, never coordinates. */
export const toPublicProfileView = (p: Profile): PublicProfileView => ({
  id: p.userId,
  firstName: p.firstName,
  age: p.age,
  bio: p.bio,
  location: p.location,
  airline: p.airline,
  position: p.position,
  baseAirport: p.baseAirport,
  verified: p.verified,
  photos: p.photos ?? [],
  mainPhoto: p.mainPhoto,
  gender: p.gender,
  interestedIn: p.interestedIn,
  drinkingHabits: p.drinkingHabits,
  smokingHabits: p.smokingHabits,
  drugsCannabisCUse: p.drugsCannabisCUse,
  dietaryPreferences: p.dietaryPreferences,
  pets: p.pets,
  exerciseHabits: p.exerciseHabits,
  sleepHabits: p.sleepHabits,
  relationshipType: p.relationshipType,
  lookingFor: p.lookingFor,
  religion: p.religion,
  politicalViews: p.politicalViews,
  ethnicity: p.ethnicity,
  languagesSpoken: p.languagesSpoken ?? [],
  zodiacSign: p.zodiacSign,
});

/** A new, empty profile with the table's defaults. */
export function newProfile(userId: string, now: Date): Profile {
  return { userId, ...emptyOwnProfile(), verification: 'none', verified: false, revision: 0, createdAt: now, updatedAt: now };
}

const coordinate = (value: string | null) => (value === null || value === '' || !Number.isFinite(Number(value)) ? null : Number(value));

/** the payload of profile created/updated events: the public view and what discovery matches on */
export const toProfileChangedEvent = (p: Profile): ProfileChangedEvent => ({
  userId: p.userId,
  revision: p.revision,
  profile: toPublicProfileView(p),
  matching: {
    latitude: coordinate(p.latitude),
    longitude: coordinate(p.longitude),
    distancePreference: p.distancePreference,
    agePreferenceMin: p.agePreferenceMin,
    agePreferenceMax: p.agePreferenceMax,
    profileCompleted: p.profileCompleted,
    verification: p.verification,
  },
});
