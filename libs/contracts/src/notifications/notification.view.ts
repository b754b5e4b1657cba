export const NOTIFICATION_TYPES = ['super_like', 'like', 'match', 'message', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
  /**
   * `matched` ('true'): a like or super like its member has matched with since (the match may have
   * ended): it calls for no right swipe any more
   */
  data: { matchId?: string; fromUserId?: string; matched?: 'true' };
}
