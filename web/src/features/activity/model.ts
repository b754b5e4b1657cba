import { Limits } from '@aero/contracts/shared';

// The activity feature's types: the notification as the server answers it (spec §3).
export type { NotificationType, NotificationView } from '@aero/contracts/shared';

/** notifications per page (GET /api/notifications, ?before=<id> for the older ones) */
export const NOTIFICATIONS_PAGE_SIZE = Limits.notificationsPageSize;
