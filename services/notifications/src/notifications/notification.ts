/** A stored notification: a plain object (NotificationRepository maps the ORM entity to it). */
export interface StoredNotification {
  id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, string>;
  read: boolean;
  createdAt: Date;
}
