import { installCardDelay, isInstallSuppressed, parseDismissedAt } from './install-timing';

const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2025, 6, 1, 12);

describe('install card timing (spec §4)', () => {
  it('shows 10 s after the browser offers installation', () => {
    expect(installCardDelay({ standalone: false, dismissedAt: null, now })).toBe(10_000);
  });

  it('is skipped when running standalone', () => {
    expect(installCardDelay({ standalone: true, dismissedAt: null, now })).toBeNull();
  });

  it('is suppressed for 24 h after a dismissal, then offered again', () => {
    expect(installCardDelay({ standalone: false, dismissedAt: now - 23 * HOUR, now })).toBeNull();
    expect(isInstallSuppressed(now - 24 * HOUR + 1, now)).toBe(true);
    expect(isInstallSuppressed(now - 24 * HOUR, now)).toBe(false);
    expect(installCardDelay({ standalone: false, dismissedAt: now - 25 * HOUR, now })).toBe(10_000);
  });

  it('ignores unreadable stored timestamps', () => {
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('soon')).toBeNull();
    expect(parseDismissedAt(now)).toBe(now);
  });
});
