import { useGetUnreadCountQuery } from '../api/activity-api';
import { badgeText } from '../lib/notification-list';
import { useActivityPushes } from './use-activity-pushes';

/**
 * The Activity entry's badge: the unread count (null while unknown, or when the server has no
 * count to give: then no badge), its text ('9+' above 9, null at 0), kept live by the pushes.
 */
export function useActivityBadge(): { count: number | null; text: string | null } {
  useActivityPushes();
  const { data } = useGetUnreadCountQuery(undefined, { refetchOnMountOrArgChange: true });
  const count = typeof data?.count === 'number' ? data.count : null;
  return { count, text: badgeText(count) };
}
