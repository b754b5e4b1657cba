import type { CandidateView } from '@aero/contracts/shared';

/** A candidate card for unit tests (test data only). */
export function candidate(overrides: Partial<CandidateView> = {}): CandidateView {
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return {
    id,
    firstName: 'Maya',
    age: 29,
    bio: null,
    location: 'Dallas, Texas',
    airline: 'Delta Air Lines',
    position: 'Flight Attendant',
    baseAirport: null,
    verified: false,
    photos: [`/api/photos/${id}/p1`],
    mainPhoto: `/api/photos/${id}/p1`,
    gender: 'female',
    interestedIn: 'man',
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
    distanceBand: 5,
    boosted: false,
    layover: null,
    ...overrides,
  };
}
