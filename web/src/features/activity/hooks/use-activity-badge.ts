import { useFirstScreenSettled } from '../../../lib/use-first-screen-settled';
import { useGetUnreadCountQuery } from '../api/activity-api';
import { badgeText } from '../lib/notification-list';
import { useActivityPushes } from './use-activity-pushes';

/**
 * The Activity entry's badge: the unread count (null while unknown, or when the server has no
 * count to give: then no badge), its text ('9+' above 9, null at 0), kept live by the pushes. Asked
 * for once the first screen has settled: a badge waits, the screen's photo does not (a notification
 * opened before the count arrives is settled by the count asked for after its read mark:
 * useOpenNotification).
 */
export function useActivityBadge(): { count: number | null; text: string | null } {
  useActivityPushes();
  const settled = useFirstScreenSettled();
  const { data } = useGetUnreadCountQuery(undefined, { skip: !settled, refetchOnMountOrArgChange: true });
  const count = typeof data?.count === 'number' ? data.count : null;
  return { count, text: badgeText(count) };
}
