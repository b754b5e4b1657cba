import { useEffect } from 'react';
import { SocketEvents } from '@aero/contracts/shared';
import { onRealtimeEvent } from '../../../lib/realtime';
import { activityApi, countPushed, upsertNotifications } from '../api/activity-api';
import { isNotificationView } from '../lib/notification-list';
import type { NotificationView } from '../model';
import { useActivityDispatch, type ActivityDispatch } from './use-activity-dispatch';

const selectHeld = activityApi.endpoints.getNotifications.select();

/** A pushed notification: first in the held list, and one more on the badge when it is unread and new. */
const notificationPushed = (pushed: NotificationView) => (dispatch: ActivityDispatch, getState: () => unknown) => {
  const held = selectHeld(getState() as Parameters<typeof selectHeld>[0]).data;
  dispatch(countPushed(pushed, held));
  dispatch(upsertNotifications([pushed]));
};

/**
 * The server's `notification` pushes, while a signed-in member sees the navigation: the list and
 * the badge change at once, without a reload. (The push also marks the cached notifications
 * stale, lib/realtime/pushes.ts, so the count is fetched again and stays the server's.)
 */
export function useActivityPushes() {
  const dispatch = useActivityDispatch();
  useEffect(
    () =>
      onRealtimeEvent(SocketEvents.notification, (payload) => {
        if (isNotificationView(payload)) dispatch(notificationPushed(payload));
      }),
    [dispatch],
  );
}
