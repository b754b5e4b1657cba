import { text, type Text } from '../../../i18n/message-key';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Profile-view time ago (spec §9): 'Just now' under 1 hour, 'Nh ago' under 24 hours, then 'Nd ago'. */
export function timeAgo(at: string | Date, now: Date = new Date()): Text {
  const elapsed = Math.max(0, now.getTime() - new Date(at).getTime());
  if (!Number.isFinite(elapsed) || elapsed < HOUR) return text('discovery.timeAgo.justNow');
  if (elapsed < DAY) return text('discovery.timeAgo.hours', { count: Math.floor(elapsed / HOUR) });
  return text('discovery.timeAgo.days', { count: Math.floor(elapsed / DAY) });
}
