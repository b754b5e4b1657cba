import type { Text } from '../../../i18n/message-key';
import { NAME_SLOT, type PushTexts } from '../../../lib/push-texts';
import type { NotificationView } from '../model';
import { notificationText } from './notification-text';

// A web push arrives while the app may be closed: the service worker shows it, and only the
// server's English is in it. The app keeps, for the worker, the texts of the pushed kinds in its
// active language (lib/push-texts.ts), and the worker shows a push in them, read back as the
// Activity screen reads a notification: from its type and the other member's first name in its
// English title. No texts kept, a title that names no one, or a text missing: the server's English.
// A discreet push (the member turned previews off) says only that there is something new: its
// title is the app's name, its body the kept 'activity.discreet.message'.

/** a push's title and body in the kept texts' language, else as the server wrote them */
export function localizedPush(push: { type: string; title: string; body: string; discreet?: boolean }, texts: PushTexts | null | undefined): { title: string; body: string } {
  if (!texts) return { title: push.title, body: push.body };
  if (push.discreet) return { title: push.title, body: texts['activity.discreet.message'] ?? push.body };
  const shown = notificationText({ type: push.type as NotificationView['type'], title: push.title, message: push.body });
  const render = (value: Text | string, english: string) => {
    if (typeof value === 'string') return value;
    const kept = (texts as Record<string, string | undefined>)[value.id];
    return typeof kept === 'string' ? kept.split(NAME_SLOT).join(String(value.values?.name ?? '')) : english;
  };
  return { title: render(shown.title, push.title), body: render(shown.message, push.body) };
}
