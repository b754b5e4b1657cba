import type { NotificationType, NotificationView } from '@aero/contracts';
import type { NotificationEntity } from './notification.orm-entity.js';

export const toNotificationView = (n: NotificationEntity): NotificationView => ({
  id: n.id,
  type: n.type as NotificationType,
  title: n.title,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt.toISOString(),
  data: n.data ?? {},
});
