import { useConnectionSettled } from '../../../lib/realtime';
import { useGetUnreadCountQuery } from '../api/activity-api';
import { useActivityPushes } from './use-activity-pushes';

/**
 * The Activity entry's badge: the unread count (null while unknown, or when the server has no
 * count to give: then no badge), kept live by the pushes. Asked for once the first screen has
 * settled: a badge waits, the screen's photo does not (a notification opened before the count
 * arrives is settled by the count asked for after its read mark: useOpenNotification); and once
 * the real-time connection (which starts then) has made its first attempt, or a few seconds:
 * asked before it, the connection's resync asked it again at once.
 */
export function useActivityBadge(): number | null {
  useActivityPushes();
  const ready = useConnectionSettled();
  // only the count: a refetch's pending state (a push, the connection's resync) renders nothing
  const { data } = useGetUnreadCountQuery(undefined, { skip: !ready, refetchOnMountOrArgChange: true, selectFromResult: ({ data }) => ({ data }) });
  return typeof data?.count === 'number' ? data.count : null;
}
