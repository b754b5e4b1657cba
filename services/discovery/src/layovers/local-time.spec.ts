import { instantToZonedTime, isTimeZone, zonedTimeToInstant } from './local-time.js';

describe('layover wall-clock times', () => {
  it('reads a wall-clock time in the zone of the place', () => {
    expect(zonedTimeToInstant('2026-01-10T18:00', 'America/Denver')?.toISOString()).toBe('2026-01-11T01:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-10T18:00', 'America/Denver')?.toISOString()).toBe('2026-07-11T00:00:00.000Z');
    expect(zonedTimeToInstant('2026-01-10T18:00', 'America/New_York')?.toISOString()).toBe('2026-01-10T23:00:00.000Z');
    expect(zonedTimeToInstant('2026-01-10T18:00', 'Pacific/Honolulu')?.toISOString()).toBe('2026-01-11T04:00:00.000Z');
  });

  it('handles the nights the clocks change', () => {
    // spring forward in Chicago on 2026-03-08 at 02:00: 02:30 does not exist and reads as 03:30
    expect(zonedTimeToInstant('2026-03-08T02:30', 'America/Chicago')?.toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(zonedTimeToInstant('2026-03-08T03:30', 'America/Chicago')?.toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(zonedTimeToInstant('2026-03-08T01:30', 'America/Chicago')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // fall back on 2026-11-01 at 02:00: 01:30 happens twice, the first one is meant
    expect(zonedTimeToInstant('2026-11-01T01:30', 'America/Chicago')?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(zonedTimeToInstant('2026-02-30T10:00', 'America/Chicago')).toBeNull();
    expect(zonedTimeToInstant('2026-02-10T24:00', 'America/Chicago')).toBeNull();
    expect(zonedTimeToInstant('2026-02-10 10:00', 'America/Chicago')).toBeNull();
  });

  it('shows an instant as the wall clock of the zone, and knows zones', () => {
    expect(instantToZonedTime(new Date('2026-01-11T01:00:00Z'), 'America/Denver')).toBe('2026-01-10T18:00');
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
