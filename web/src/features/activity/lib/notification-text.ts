import { MemberNotifications, type MemberNotificationType, MessagePreviews, OtherNotifications, type OtherNotificationKey, UNKNOWN_MEMBER } from '@aero/contracts/notification-texts';
import { type CurrentUserView, isAirline } from '@aero/contracts/shared';
import { type MessageKey, text, type Text } from '../../../i18n/message-key';
import { hasCompleteProfile } from '../../../lib/current-user';
import type { NotificationView } from '../model';

// A notification in the reader's language. The server stores English (its title and message are
// the fallback); for likes, super likes, matches and messages the text is built again from the
// type and the other member's first name, read out of the English title the shared templates
// wrote; the server's own notifications (welcome, verification, a moderator's warning) are known
// by their English text.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a template's title as a pattern whose one group is the first name */
const titlePattern = (type: MemberNotificationType) => {
  const [before = '', after = ''] = MemberNotifications[type]('\u0000').title.split('\u0000');
  return new RegExp(`^${escape(before)}(.+)${escape(after)}$`);
};
const TITLE_PATTERNS: Partial<Record<NotificationView['type'], RegExp>> = Object.fromEntries(
  (Object.keys(MemberNotifications) as MemberNotificationType[]).map((type) => [type, titlePattern(type)]),
);

/** what the server writes when it does not know the name: its English is shown as it is */
const NO_NAME = new Set<string>(Object.values(UNKNOWN_MEMBER).map((name) => name.toLowerCase()));

/** The other member's first name in a notification's English title, or null. */
export function nameInTitle(n: Pick<NotificationView, 'type' | 'title'>): string | null {
  const found = TITLE_PATTERNS[n.type]?.exec(n.title.trim());
  const name = found?.[1]?.trim();
  if (!name || NO_NAME.has(name.toLowerCase())) return null;
  return name;
}

/** The server's previews of a photo or voice message (any other preview is the message itself). */
const MESSAGE_PREVIEWS: Record<string, Text> = {
  [MessagePreviews.photo]: text('activity.message.photo'),
  [MessagePreviews.voice]: text('activity.message.voice'),
};

/** the catalogue's texts of each of the server's own notifications */
const OTHER_TEXTS: Record<OtherNotificationKey, { title: MessageKey; message: MessageKey }> = {
  welcomeAirline: { title: 'activity.other.welcome.title', message: 'activity.other.welcomeAirline.message' },
  welcomeGeneral: { title: 'activity.other.welcome.title', message: 'activity.other.welcomeGeneral.message' },
  verificationApproved: { title: 'activity.other.verificationApproved.title', message: 'activity.other.verificationApproved.message' },
  verificationRejected: { title: 'activity.other.verificationRejected.title', message: 'activity.other.verificationRejected.message' },
  moderatorWarning: { title: 'activity.other.moderatorWarning.title', message: 'activity.other.moderatorWarning.message' },
};
/** texts the server stored before they were reworded, still shown translated */
const EARLIER_TEXTS: [OtherNotificationKey, { title: string; message: string }][] = [
  ['welcomeAirline', { title: OtherNotifications.welcomeAirline.title, message: 'Finish your profile and upload your employment document to get your verified badge.' }],
];
const otherByText = new Map(
  [...(Object.entries(OtherNotifications) as [OtherNotificationKey, { title: string; message: string }][]), ...EARLIER_TEXTS].map(([key, t]) => [`${t.title}\n${t.message}`, key]),
);
/** what the reader has done since the server's welcomes were written (it keeps them as they were) */
export interface ReaderState {
  /** their profile is complete */
  profileComplete?: boolean;
  /** their employment document was sent: under review (pending) or approved */
  documentSent?: boolean;
}
/**
 * What `user` has done, for the welcomes: their profile is complete; and, for airline staff, their
 * document was sent (they are verified, or it is under review or approved)
 */
export function readerState(user: Pick<CurrentUserView, 'profileCompleted' | 'userType' | 'verified'> | null | undefined, verificationStatus?: string): ReaderState {
  const documentSent = !!user && isAirline(user.userType) && (user.verified || verificationStatus === 'pending' || verificationStatus === 'approved');
  return { profileComplete: hasCompleteProfile(user), documentSent };
}

/**
 * the welcomes whose message asks for something, with what does it: the general welcome asks for the
 * profile ('Finish your profile…', written when the account type was chosen, before there was a
 * profile), the airline welcome for the employment document ('No document sent yet? Upload it…')
 */
const ASKS_FOR: Partial<Record<OtherNotificationKey, keyof ReaderState>> = { welcomeGeneral: 'profileComplete', welcomeAirline: 'documentSent' };

export interface NotificationText {
  title: Text | string;
  message: Text | string;
}

/**
 * Title and message to show: localized from type and name, else the server's own text. A like or
 * super like from a member the reader has `matched` since says no more than its title (its 'Swipe
 * right… to match.' is done: the match's own notification tells what comes next), and so does a
 * welcome whose request the reader has done (`reader`: the profile completed, the document sent).
 */
export function notificationText(n: Pick<NotificationView, 'type' | 'title' | 'message'>, matched = false, reader: ReaderState = {}): NotificationText {
  if (matched && (n.type === 'like' || n.type === 'super_like')) return { title: notificationText(n).title, message: '' };
  if (n.type === 'other') {
    const key = otherByText.get(`${n.title}\n${n.message}`);
    if (!key) return { title: n.title, message: n.message };
    const asks = ASKS_FOR[key];
    const done = asks !== undefined && reader[asks] === true;
    return { title: text(OTHER_TEXTS[key].title), message: done ? '' : text(OTHER_TEXTS[key].message) };
  }
  const name = nameInTitle(n);
  if (name === null) return { title: n.title, message: n.message };
  switch (n.type) {
    case 'like':
      return { title: text('activity.like.title', { name }), message: text('activity.like.message', { name }) };
    case 'super_like':
      return { title: text('activity.superLike.title', { name }), message: text('activity.superLike.message', { name }) };
    case 'match':
      return { title: text('activity.match.title', { name }), message: text('activity.match.message', { name }) };
    case 'message':
      return { title: text('activity.newMessage.title', { name }), message: MESSAGE_PREVIEWS[n.message] ?? n.message };
    default:
      return { title: n.title, message: n.message };
  }
}

/** The type badge's label. */
export const typeLabel = (type: NotificationView['type']): Text =>
  text(({ like: 'activity.type.like', super_like: 'activity.type.superLike', match: 'activity.type.match', message: 'activity.type.message', other: 'activity.type.other' } as const)[type] ?? 'activity.type.other');
