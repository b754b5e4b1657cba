import { restrictionOf } from './account.mapper.js';

describe('restrictionOf (a member’s standing)', () => {
  const now = new Date('2026-01-10T12:00:00Z');

  it('is a ban for good, whatever a suspension says', () => {
    expect(restrictionOf({ bannedAt: new Date('2026-01-01'), suspendedUntil: new Date('2026-02-01') }, now)).toEqual({ kind: 'banned', until: null });
  });

  it('is a suspension until it ends, then nothing', () => {
    const suspendedUntil = new Date('2026-01-10T12:00:01Z');
    expect(restrictionOf({ bannedAt: null, suspendedUntil }, now)).toEqual({ kind: 'suspended', until: suspendedUntil.toISOString() });
    expect(restrictionOf({ bannedAt: null, suspendedUntil }, new Date('2026-01-10T12:00:01Z'))).toBeNull();
    expect(restrictionOf({ bannedAt: null, suspendedUntil: null }, now)).toBeNull();
  });
});
