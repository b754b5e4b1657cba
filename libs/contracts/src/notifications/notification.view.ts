import { IsOptional, IsUUID } from 'class-validator';

export const NOTIFICATION_TYPES = ['super_like', 'like', 'match', 'message', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
  data: { matchId?: string; fromUserId?: string };
}

export interface NotificationCreatedEvent {
  userId: string;
  notification: NotificationView;
}

export class ListNotificationsRequest {
  @IsUUID('4')
  userId!: string;

  /** a notification of the user's: the page before it */
  @IsOptional()
  @IsUUID('4', { message: 'Notification not found' })
  before?: string;
}

/** GET /api/notifications query */
export class NotificationsPageQuery {
  @IsOptional()
  @IsUUID('4', { message: 'Notification not found' })
  before?: string;
}

export class MarkNotificationReadRequest {
  @IsUUID('4')
  userId!: string;

  @IsUUID('4', { message: 'Notification not found' })
  notificationId!: string;
}
