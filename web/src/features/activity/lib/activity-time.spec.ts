import { activityTime, formatActivityTime } from './activity-time';

// a Wednesday afternoon on the device's clock
const now = new Date(2026, 10, 25, 15, 30);
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("Activity's times", () => {
  it('reads recent ones relative to now, in the chosen language', () => {
    expect(formatActivityTime(ago(0.2), now, 'en')).toBe('now');
    expect(formatActivityTime(ago(2), now, 'en')).toBe('2 minutes ago');
    expect(formatActivityTime(ago(2), now, 'es')).toBe('hace 2 minutos');
    expect(formatActivityTime(ago(2), now, 'fr')).toBe('il y a 2 minutes');
    expect(formatActivityTime(ago(2), now, 'de')).toBe('vor 2 Minuten');
    expect(formatActivityTime(ago(3 * 60 + 5), now, 'en')).toBe('3 hours ago');
  });

  it("goes by calendar days: last night is 'yesterday', even under 24 hours ago", () => {
    expect(formatActivityTime(new Date(2026, 10, 24, 23, 50), now, 'en')).toBe('yesterday');
    expect(formatActivityTime(new Date(2026, 10, 24, 9, 0), now, 'de')).toBe('gestern');
    expect(formatActivityTime(new Date(2026, 10, 24, 9, 0), now, 'es')).toBe('ayer');
    expect(formatActivityTime(new Date(2026, 10, 24, 9, 0), now, 'fr')).toBe('hier');
    expect(formatActivityTime(new Date(2026, 10, 21, 9, 0), now, 'en')).toBe('4 days ago');
  });

  it('shows the date and time of older ones (a week and more)', () => {
    const old = new Date(2026, 10, 18, 9, 5);
    expect(activityTime(old, now)).toBe('date');
    expect(formatActivityTime(old, now, 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(old));
    expect(formatActivityTime(old, now, 'en')).toMatch(/Nov 18, 2026/);
  });

  it('takes a time ahead of the device clock (another clock) as now', () => {
    expect(formatActivityTime(new Date(now.getTime() + 90_000), now, 'en')).toBe('now');
  });
});
