import type { NotificationType, NotificationView } from '@aero/contracts';
import type { StoredNotification } from './notification.js';

export const toNotificationView = (n: StoredNotification): NotificationView => ({
  id: n.id,
  type: n.type as NotificationType,
  title: n.title,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt.toISOString(),
  data: n.data ?? {},
});
