/**
 * Wall-clock times of a time zone ('2026-03-06T18:30', to the minute) and instants, with the
 * platform's time zone data (Intl): a layover is entered in the local time of where it is.
 */

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
};

/** the zone's wall clock at an instant, as milliseconds of a UTC date with the same fields */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

export const isTimeZone = (timeZone: string) => {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
};

/**
 * The instant a wall-clock time of `timeZone` names; null when it is not a real date and time.
 * A time skipped by a change to summer time is read with the offset from before the change
 * (02:30 on the spring-forward night is 03:30); a time that happens twice is the first one.
 */
export function zonedTimeToInstant(local: string, timeZone: string): Date | null {
  const m = PATTERN.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const offset = (instant: number) => wallClock(instant, timeZone) - instant;
  const first = naive - offset(naive);
  if (offset(first) === offset(naive)) return new Date(first);
  // near a change of offset: the offset at the first guess, unless that wall-clock time does not exist (then the first guess)
  const second = naive - offset(first);
  return new Date(wallClock(second, timeZone) === naive ? second : first);
}

/** the wall-clock time of `timeZone` at an instant, to the minute */
export function instantToZonedTime(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}
