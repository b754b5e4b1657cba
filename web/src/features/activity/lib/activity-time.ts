// When a notification arrived, as Activity shows it: recent ones relative to now in the chosen
// language (Intl.RelativeTimeFormat: 'now', '5 minutes ago', '3 hours ago', 'yesterday',
// '4 days ago'), older ones (a week and more) by their date and time. The spec asks for date and
// time without fixing their format (unlike the who-viewed-me list's 'Nh ago').

/** from this many calendar days back on, the date and time are shown instead */
export const RELATIVE_DAYS = 7;

export type ActivityTime = { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } | 'date';

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** How `at` reads from `now` (both on the device's clock): within the last hour in minutes, the same day in hours, then in calendar days. */
export function activityTime(at: Date, now: Date): ActivityTime {
  const ms = Math.max(0, now.getTime() - at.getTime());
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return { value: 0, unit: 'second' };
  if (minutes < 60) return { value: -minutes, unit: 'minute' };
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days <= 0) return { value: -Math.floor(minutes / 60), unit: 'hour' };
  if (days < RELATIVE_DAYS) return { value: -days, unit: 'day' };
  return 'date';
}

/** `at` as Activity shows it in `locale`. */
export function formatActivityTime(at: Date, now: Date, locale: string): string {
  if (Number.isNaN(at.getTime())) return '';
  const time = activityTime(at, now);
  if (time === 'date') return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(time.value, time.unit);
}
