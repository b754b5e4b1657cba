import { aCandidate } from '../../test/candidates.js';
import { admitted, ageInRange, type Candidate, isRestricted, isVisible, wantsToMeet } from './candidate.js';

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

describe('an age range and a member who hides their age', () => {
  const shown = { age: 32, showAge: true };
  const hidden = { age: 32, showAge: false };
  it('takes a member who shows their age by that exact age', () => {
    expect([31, 32, 33].map((year) => ageInRange(shown, year, year))).toEqual([false, true, false]);
    expect(ageInRange(shown, 33, null)).toBe(false);
    expect(ageInRange(shown, null, 31)).toBe(false);
    expect(ageInRange(shown, null, null)).toBe(true);
  });

  it('takes one who hides it whenever the range overlaps their five-year band, so no range tells more than the band', () => {
    // 32 is in 30-34: every single year of the band answers the same, and none outside it
    expect([28, 29, 30, 31, 32, 33, 34, 35, 36].map((year) => ageInRange(hidden, year, year))).toEqual([false, false, true, true, true, true, true, false, false]);
    expect(ageInRange(hidden, 18, 29)).toBe(false);
    expect(ageInRange(hidden, 34, 100)).toBe(true);
    expect(ageInRange(hidden, 35, 100)).toBe(false);
    expect(ageInRange(hidden, null, 30)).toBe(true);
    // 18 and 19 make the first band; a hidden 99 is in 95-99
    expect(ageInRange({ age: 18, showAge: false }, 19, 19)).toBe(true);
    expect(ageInRange({ age: 19, showAge: false }, 20, 99)).toBe(false);
    expect(ageInRange({ age: 99, showAge: false }, 95, 95)).toBe(true);
    expect(ageInRange({ age: null, showAge: false }, 18, 99)).toBe(false);
  });

  it("meets a viewer who hides their age on their band in the owner's preference, and one who shows it exactly", () => {
    const picky = aCandidate('pia', { gender: 'female', interestedIn: 'man', ageMin: 33, ageMax: 33 });
    expect(wantsToMeet(picky, aCandidate('ben', { gender: 'male', interestedIn: 'woman', age: 32, showAge: false }))).toBe(true);
    expect(wantsToMeet(picky, aCandidate('ben', { gender: 'male', interestedIn: 'woman', age: 32 }))).toBe(false);
    expect(wantsToMeet(picky, aCandidate('ben', { gender: 'male', interestedIn: 'woman', age: 35, showAge: false }))).toBe(false);
  });
});
