import { mustPay, staffAccessUntil } from './payment-standing.js';

const registeredAt = '2026-11-01T00:00:00Z';
const day = (n: number) => new Date(Date.parse(registeredAt) + n * 24 * 3600 * 1000);

describe('who must pay', () => {
  it('a general member pays until their subscription is active', () => {
    expect(mustPay({ userType: 'general', subscriptionStatus: 'inactive', verification: 'none', registeredAt }, day(0))).toBe(true);
    expect(mustPay({ userType: 'general', subscriptionStatus: 'incomplete', verification: 'none', registeredAt }, day(0))).toBe(true);
    expect(mustPay({ userType: 'general', subscriptionStatus: 'active', verification: 'none', registeredAt }, day(400))).toBe(false);
  });

  it('a member without a type is not asked to pay (the gate sends them to /welcome first)', () => {
    expect(mustPay({ userType: null, subscriptionStatus: 'inactive', verification: 'none', registeredAt }, day(30))).toBe(false);
  });

  it('airline staff with a pending or approved document never pay', () => {
    for (const verification of ['pending', 'approved'] as const) {
      expect(mustPay({ userType: 'airline', subscriptionStatus: 'inactive', verification, registeredAt }, day(365))).toBe(false);
      expect(mustPay({ userType: 'airline_employee', subscriptionStatus: null, verification, registeredAt }, day(365))).toBe(false);
    }
  });

  it('an airline member without a document has 7 days from registering, then pays', () => {
    const s = { userType: 'airline', subscriptionStatus: 'inactive', verification: 'none' as const, registeredAt };
    expect(staffAccessUntil(s)).toEqual(day(7));
    expect(mustPay(s, new Date(day(7).getTime() - 1))).toBe(false);
    expect(mustPay(s, day(7))).toBe(true);
    expect(mustPay({ ...s, subscriptionStatus: 'active' }, day(8))).toBe(false);
  });

  it('an airline member whose document was rejected pays at once, unless subscribed', () => {
    const s = { userType: 'airline', subscriptionStatus: 'inactive', verification: 'rejected' as const, registeredAt };
    expect(staffAccessUntil(s)).toBeNull();
    expect(mustPay(s, day(1))).toBe(true);
    expect(mustPay({ ...s, subscriptionStatus: 'active' }, day(1))).toBe(false);
  });
});
