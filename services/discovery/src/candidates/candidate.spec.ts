import { aCandidate } from '../../test/candidates.js';
import { admitted, type Candidate, isRestricted, isVisible, wantsToMeet } from './candidate.js';

const DAY_MS = 24 * 3600 * 1000;
const registeredAt = new Date('2026-11-01T12:00:00Z');
const day = (n: number) => new Date(registeredAt.getTime() + n * DAY_MS);

const member = (over: Partial<Candidate> = {}) => aCandidate('m', { registeredAt, staffAccessUntil: null, ...over });

describe('who is admitted to decks (the rule of who must pay)', () => {
  it('admits an airline member without a document for the first 7 days after registering only', () => {
    expect(admitted(member(), day(6.9))).toBe(true);
    expect(admitted(member(), day(7))).toBe(false);
    expect(admitted(member({ subscriptionStatus: 'active' }), day(30))).toBe(true);
  });

  it('admits airline staff whose document is under review or approved, not one whose document was rejected', () => {
    expect(admitted(member({ verification: 'pending' }), day(300))).toBe(true);
    expect(admitted(member({ verification: 'approved' }), day(300))).toBe(true);
    expect(admitted(member({ verification: 'rejected' }), day(1))).toBe(false);
    expect(admitted(member({ verification: 'rejected', subscriptionStatus: 'active' }), day(1))).toBe(true);
  });

  it('admits a general member with an active subscription only', () => {
    expect(admitted(member({ userType: 'general' }), day(0))).toBe(false);
    expect(admitted(member({ userType: 'general', subscriptionStatus: 'past_due' }), day(0))).toBe(false);
    expect(admitted(member({ userType: 'general', subscriptionStatus: 'active' }), day(0))).toBe(true);
  });

  it('admits nobody without a type; the demo crew always; a registration not heard of yet gives no days', () => {
    expect(admitted(member({ userType: null, subscriptionStatus: 'active' }), day(0))).toBe(false);
    expect(admitted(member({ demo: true }), day(400))).toBe(true);
    expect(admitted(member({ registeredAt: null }), day(0))).toBe(false);
    expect(admitted(member({ registeredAt: null, verification: 'approved' }), day(0))).toBe(true);
  });

  it('shows an admitted member with a complete profile who does not hide', () => {
    expect(isVisible(member(), day(1))).toBe(true);
    expect(isVisible(member({ profileCompleted: false }), day(1))).toBe(false);
    expect(isVisible(member({ visibility: 'hidden' }), day(1))).toBe(false);
    expect(isVisible(member(), day(8))).toBe(false);
    expect(isVisible(null, day(1))).toBe(false);
  });

  it('hides a banned member, and a suspended one until the suspension ends by the given clock', () => {
    expect(isVisible(member({ restrictedUntilMs: Infinity }), day(1))).toBe(false);
    expect(isVisible(member({ restrictedUntilMs: day(2).getTime() }), day(1))).toBe(false);
    expect(isVisible(member({ restrictedUntilMs: day(2).getTime() }), day(2))).toBe(true);
    expect(isRestricted({ restrictedUntilMs: null }, day(1))).toBe(false);
  });
});

describe('who wants to meet whom (a like must be for such a member)', () => {
  const ana = aCandidate('ana', { gender: 'female', interestedIn: 'man', age: 30 });
  it("goes by the owner's interest and age range only", () => {
    expect(wantsToMeet(aCandidate('ben', { gender: 'male', interestedIn: 'woman' }), ana)).toBe(true);
    expect(wantsToMeet(aCandidate('kit', { gender: 'male', interestedIn: 'both' }), ana)).toBe(true);
    expect(wantsToMeet(aCandidate('gia', { gender: 'female', interestedIn: 'man' }), ana)).toBe(false);
    expect(wantsToMeet(aCandidate('yan', { gender: 'male', interestedIn: 'woman', ageMax: 29 }), ana)).toBe(false);
    expect(wantsToMeet(aCandidate('old', { gender: 'male', interestedIn: 'woman', ageMin: 30, ageMax: 30 }), ana)).toBe(true);
    expect(wantsToMeet(aCandidate('ben', { gender: 'male', interestedIn: 'woman' }), { ...ana, age: null })).toBe(false);
    expect(wantsToMeet(aCandidate('ben', { gender: 'male', interestedIn: null }), ana)).toBe(false);
  });
});
