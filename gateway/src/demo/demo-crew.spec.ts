import { AIRLINES, POSITIONS } from '@aero/contracts';
import { demoCrew, demoId } from './demo-crew.js';

describe('demo crew', () => {
  const crew = demoCrew();

  it('has about sixty stable members with version-4 ids and unique emails', () => {
    expect(crew).toHaveLength(60);
    expect(demoCrew().map((m) => m.id)).toEqual(crew.map((m) => m.id));
    expect(new Set(crew.map((m) => m.email)).size).toBe(60);
    for (const m of crew) expect(m.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(demoId(0)).not.toBe(demoId(1));
  });

  it('covers both genders, every airline and position, both account types and ages 21 to 60', () => {
    expect(crew.filter((m) => m.profile.gender === 'female')).toHaveLength(30);
    expect(new Set(crew.map((m) => m.profile.airline).filter(Boolean))).toEqual(new Set(AIRLINES));
    expect(new Set(crew.map((m) => m.profile.position).filter(Boolean))).toEqual(new Set(POSITIONS));
    expect(new Set(crew.map((m) => m.userType))).toEqual(new Set(['airline', 'general']));
    const ages = crew.map((m) => m.profile.age);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(21);
    expect(Math.max(...ages)).toBeLessThanOrEqual(60);
    // every kind of new member finds demo crew who fit them both ways
    const wants = { man: 'male', woman: 'female' } as const;
    const includes = (interest: string, gender: string) => interest === 'both' || wants[interest as 'man' | 'woman'] === gender;
    for (const gender of ['male', 'female']) {
      for (const interest of ['man', 'woman', 'both']) {
        const fits = crew.filter((m) => includes(interest, m.profile.gender) && includes(m.profile.interestedIn, gender));
        expect(fits.length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('puts a woman and a man of the airline staff on a layover in Chicago, Denver and New York, away from their base', () => {
    const onLayover = crew.filter((m) => m.layover);
    for (const airport of ['ORD', 'DEN', 'JFK']) {
      const there = onLayover.filter((m) => m.layover!.airport === airport);
      expect(new Set(there.map((m) => m.profile.gender))).toEqual(new Set(['male', 'female']));
      for (const m of there) {
        expect(m.userType).toBe('airline');
        expect(m.profile.baseAirport).not.toBe(airport);
        expect(m.layover!.nights).toBeLessThanOrEqual(3);
      }
    }
    expect(crew.filter((m) => m.userType === 'airline').every((m) => /^[A-Z]{3}$/.test(m.profile.baseAirport ?? ''))).toBe(true);
  });

  it('gives every airline member an airline, a position and a base, and no general member a bio that reads as crew', () => {
    for (const m of crew) {
      const { airline, position, baseAirport, bio } = m.profile;
      if (m.userType === 'airline') expect([airline, position, baseAirport].every(Boolean)).toBe(true);
      else {
        expect({ airline, position, baseAirport }).toEqual({ airline: null, position: null, baseAirport: null });
        expect(bio).not.toMatch(/layover|red-eye|commuter|38,000 feet|always packed/i);
      }
    }
  });
});
