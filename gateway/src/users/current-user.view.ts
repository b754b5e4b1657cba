import type { AccountView, OwnProfileView } from '@aero/contracts';

/**
 * The current user as the web app caches it: the account joined with the owner's profile fields,
 * flat (`{...account, ...profile, id}`). Before registration the profile fields are empty
 * (nulls, the table's defaults) and `profileCompleted` is false.
 */
export type CurrentUserView = AccountView & OwnProfileView;

export const emptyProfile = (): OwnProfileView => ({
  firstName: null,
  age: null,
  bio: null,
  location: null,
  latitude: null,
  longitude: null,
  airline: null,
  position: null,
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

export const toCurrentUser = (account: AccountView, profile?: OwnProfileView | null): CurrentUserView => ({
  ...account,
  ...(profile ?? emptyProfile()),
  id: account.id,
});
