import { Limits } from '@aero/contracts/shared';

// The activity feature's types. NotificationView mirrors the contract in
// libs/contracts/src/notifications/notification.view.ts: that module carries the server's
// validated requests (class-validator), which the browser build cannot load, so the view is
// restated here field for field until it moves to `@aero/contracts/shared`.

export type NotificationType = 'super_like' | 'like' | 'match' | 'message' | 'other';

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
  data: { matchId?: string; fromUserId?: string };
}


/** notifications per page (GET /api/notifications, ?before=<id> for the older ones) */
export const NOTIFICATIONS_PAGE_SIZE = Limits.notificationsPageSize;
