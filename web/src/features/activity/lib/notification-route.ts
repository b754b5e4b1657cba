import { conversationPath } from '@aero/contracts/shared';
import type { NotificationView } from '../model';

/**
 * Where a notification leads (spec §2 Notifications): a match or a message with its match to
 * that conversation, a like or super like from someone to the swipe screen; anything else stays.
 */
export function notificationRoute(n: Pick<NotificationView, 'type' | 'data'>): string | null {
  const { matchId, fromUserId } = n.data ?? {};
  if ((n.type === 'match' || n.type === 'message') && matchId) return conversationPath(matchId);
  if ((n.type === 'like' || n.type === 'super_like') && fromUserId) return '/swipe';
  return null;
}
