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
