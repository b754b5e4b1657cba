import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components';
import { useT } from '../../../i18n';
import { activityApi, countRead, setNotificationRead } from '../api/activity-api';
import { notificationRoute } from '../lib/notification-route';
import type { NotificationView } from '../model';
import { useActivityDispatch } from './use-activity-dispatch';

/**
 * A click on a notification (spec §2, §4 Notification): it is read at once (list and badge), the
 * server is told, and the member goes where it leads; once the server has it (and any count
 * already on its way has landed), the badge takes the server's count (a count fetched meanwhile,
 * before the server had the mark, would have undone the local one). When the server refuses, the mark is taken back and the toast 'Failed to mark as
 * read' shows (wherever the member is by then).
 */
export function useOpenNotification() {
  const dispatch = useActivityDispatch();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(
    (n: NotificationView) => {
      if (!n.read) {
        dispatch(setNotificationRead(n.id, true));
        dispatch(countRead(true));
        dispatch(activityApi.endpoints.markNotificationRead.initiate(n.id))
          .unwrap()
          .then(
            // a count already on its way may have been read before the mark: it lands first, then this one
            () =>
              void Promise.all(dispatch(activityApi.util.getRunningQueriesThunk())).then(() =>
                dispatch(activityApi.endpoints.getUnreadCount.initiate(undefined, { subscribe: false, forceRefetch: true })),
              ),
            () => {
              dispatch(setNotificationRead(n.id, false));
              dispatch(countRead(true, true));
              toast({ variant: 'destructive', title: t('activity.toast.markReadFailed') });
            },
          );
      }
      const to = notificationRoute(n);
      if (to) navigate(to);
    },
    [dispatch, navigate, t],
  );
}
