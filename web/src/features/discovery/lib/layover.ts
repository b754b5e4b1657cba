import type { LayoverView } from '@aero/contracts/shared';
import { text, type Text } from '../../../i18n/message-key';

// Layovers (beyond spec) on the swipe screen: the chip's words and the sheet's first values.

/** the short weekday of an instant where the layover is ('Fri') */
export const weekdayAt = (iso: string, timeZone: string, locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone }).format(new Date(iso));

/** 'In Chicago until Fri' while it lasts, 'Chicago from Thu' before */
export function layoverChipText(layover: LayoverView, locale: string): Text {
  return layover.current
    ? text('discovery.layover.chipCurrent', { city: layover.city, day: weekdayAt(layover.departsAt, layover.timeZone, locale) })
    : text('discovery.layover.chipUpcoming', { city: layover.city, day: weekdayAt(layover.arrivesAt, layover.timeZone, locale) });
}

/** a datetime-local value ('2026-03-06T18:00') of the wall clock of `timeZone` (this browser's without one) */
export const wallClock = (at: Date, timeZone?: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');

/** the sheet's first window, where the layover is when known: from the start of this hour to the same time the next day */
export function defaultWindow(now: Date, timeZone?: string): { arrivesAt: string; departsAt: string } {
  const start = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
  return { arrivesAt: wallClock(start, timeZone), departsAt: wallClock(new Date(start.getTime() + 24 * 3600_000), timeZone) };
}
