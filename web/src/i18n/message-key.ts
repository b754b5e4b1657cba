import type en from './locales/en.json';
import type { MessagesKey } from './catalog-source';

/** Every message id: the English JSON catalogue's ids and the shared texts (`messages.<key>`). */
export type MessageKey = keyof typeof en | `messages.${MessagesKey}`;

/** A text to show later, in whatever language is active then (pure modules return these). */
export interface Text {
  id: MessageKey;
  values?: Record<string, string | number>;
}

export const text = (id: MessageKey, values?: Text['values']): Text => ({ id, values });

declare module '@lingui/core' {
  interface Register {
    messageIds: MessageKey;
  }
}
