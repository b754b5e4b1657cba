import { i18n, screenTexts } from '../i18n';
import { NAME_SLOT, PUSH_TEXT_IDS, PUSH_TEXTS_CACHE, PUSH_TEXTS_URL } from './push-texts';

/**
 * Keeps the pushed kinds' texts in the active language for the service worker (push-texts.ts),
 * while this browser allows notifications: when its push is turned on and when the language
 * changes (Settings), and when a member's app starts (realtime/socket-client.ts), so that a
 * browser that subscribed before its texts were kept, or kept an older version's, gets them. It
 * waits for the screens' part of the catalogue, which holds them. Nothing happens without Cache
 * Storage.
 */
export async function keepPushTexts(): Promise<void> {
  if (typeof caches === 'undefined' || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  await screenTexts();
  const texts = Object.fromEntries(PUSH_TEXT_IDS.map((id) => [id, i18n._(id, { name: NAME_SLOT })]));
  const cache = await caches.open(PUSH_TEXTS_CACHE);
  await cache.put(PUSH_TEXTS_URL, new Response(JSON.stringify(texts), { headers: { 'content-type': 'application/json' } }));
}
