import type { MessageKey } from '../i18n/message-key';

// A web push arrives while the app may be closed, and only the server's English is in it: the app
// keeps, for the service worker, the texts of the pushed kinds (like, super like, match, message)
// in its active language, in Cache Storage, which both read (keep-push-texts.ts writes them, the
// activity feature's push-texts.ts shows a push in them). Nothing here but names: the worker
// imports this module.

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
  'activity.discreet.message',
] as const satisfies readonly MessageKey[];

/** the kept texts, by catalogue id, each with NAME_SLOT where the name goes */
export type PushTexts = Partial<Record<(typeof PUSH_TEXT_IDS)[number], string>>;
