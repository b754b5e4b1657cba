import type { MessageKey, Text } from '../../../i18n/message-key';
import type { NotificationView } from '../model';
import { notificationText } from './notification-text';

// A web push arrives while the app may be closed: the service worker shows it, and only the
// server's English is in it. The app keeps, for the worker, the texts of the pushed kinds (like,
// super like, match, message) in its active language (Cache Storage, which both read), and the
// worker shows a push in them, read back as the Activity screen reads a notification: from its
// type and the other member's first name in its English title. No texts kept, a title that names
// no one, or a text missing: the server's English.

/** the cache and the entry the texts are kept in */
export const PUSH_TEXTS_CACHE = 'aeromatch-push-texts';
export const PUSH_TEXTS_URL = '/push-texts.json';
/** what stands for the other member's name in a kept text */
export const NAME_SLOT = '\u0000';

/** the catalogue's texts a pushed notification is shown in */
export const PUSH_TEXT_IDS = [
  'activity.like.title',
  'activity.like.message',
  'activity.superLike.title',
  'activity.superLike.message',
  'activity.match.title',
  'activity.match.message',
  'activity.newMessage.title',
  'activity.message.photo',
  'activity.message.voice',
] as const satisfies readonly MessageKey[];

/** the kept texts, by catalogue id, each with NAME_SLOT where the name goes */
export type PushTexts = Partial<Record<(typeof PUSH_TEXT_IDS)[number], string>>;

/** a push's title and body in the kept texts' language, else as the server wrote them */
export function localizedPush(push: { type: string; title: string; body: string }, texts: PushTexts | null | undefined): { title: string; body: string } {
  if (!texts) return { title: push.title, body: push.body };
  const shown = notificationText({ type: push.type as NotificationView['type'], title: push.title, message: push.body });
  const render = (value: Text | string, english: string) => {
    if (typeof value === 'string') return value;
    const kept = (texts as Record<string, string | undefined>)[value.id];
    return typeof kept === 'string' ? kept.split(NAME_SLOT).join(String(value.values?.name ?? '')) : english;
  };
  return { title: render(shown.title, push.title), body: render(shown.message, push.body) };
}
