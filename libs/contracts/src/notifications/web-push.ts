import { PRODUCT_NAME } from '../limits.js';
import { conversationPath } from '../messaging/message.view.js';
import type { MemberSettings } from '../settings/member-settings.view.js';

/** What a web push carries to the service worker (browser-safe: the worker reads it too). */
export interface WebPushPayload {
  /** the notification's id: the shown notification's tag, so a repeated send replaces it instead of doubling it */
  id: string;
  title: string;
  message: string;
  type: string;
  /** where a click leads: /messages?matchId=… or /swipe */
  url: string;
  /** the member turned previews off: the title and message say nothing of who or what (DiscreetPush) */
  discreet?: true;
}

/** what a web push says, whatever it is about, to a member who turned previews off (`notifications.previews`): nothing of who or what */
export const DiscreetPush = { title: PRODUCT_NAME, message: 'You have a new notification.' } as const;

/** the settings toggles of the kinds of notifications pushed (`previews` is how, not which) */
export type NotificationToggle = Exclude<keyof MemberSettings['notifications'], 'previews'>;

/**
 * The settings toggle that lets a notification of this type out as web push. 'other' (welcome,
 * verification decisions) belongs to no toggle and is never pushed: the member chose which kinds
 * reach them when the app is closed, and none of the four covers it. Promotions have no type yet.
 */
export function notificationToggle(type: string): NotificationToggle | null {
  switch (type) {
    case 'match':
      return 'matches';
    case 'message':
      return 'messages';
    case 'like':
    case 'super_like':
      return 'likes';
    default:
      return null;
  }
}

/** the route a notification opens (the Activity screen's own rule for match, message and likes) */
export function notificationUrl(type: string, data: { matchId?: string }): string {
  if ((type === 'match' || type === 'message') && data.matchId) return conversationPath(data.matchId);
  if (type === 'like' || type === 'super_like') return '/swipe';
  return '/notifications';
}

/** a notification as web push; `discreet` (previews off): only that there is something new, the click still leads to it */
export function webPushPayload(n: { id: string; type: string; title: string; message: string; data: { matchId?: string } }, { discreet = false } = {}): WebPushPayload {
  const url = notificationUrl(n.type, n.data);
  if (discreet) return { id: n.id, title: DiscreetPush.title, message: DiscreetPush.message, type: n.type, url, discreet: true };
  return { id: n.id, title: n.title, message: n.message, type: n.type, url };
}
