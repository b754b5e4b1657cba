import type { Candidate } from '../src/candidates/candidate.js';

/** a member as discovery's read model holds them: a complete airline profile, registered on 2026-11-23, no document yet */
export const aCandidate = (userId: string, over: Partial<Candidate> = {}): Candidate => ({
  userId,
  profile: null,
  profileCompleted: true,
  age: 30,
  gender: 'female',
  interestedIn: 'man',
  ageMin: 18,
  ageMax: 99,
  distancePreference: null,
  cell: null,
  userType: 'airline',
  subscriptionStatus: 'inactive',
  demo: false,
  registeredAt: new Date('2026-11-23T00:00:00Z'),
  verification: 'none',
  staffAccessUntil: new Date('2026-11-30T00:00:00Z'),
  boostUntil: null,
  superLikesUsed: 0,
  superLikesDay: null,
  filters: null,
  visibility: 'everyone',
  showAge: true,
  showDistance: true,
  ...over,
});
