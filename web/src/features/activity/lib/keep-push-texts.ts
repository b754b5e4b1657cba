import { i18n } from '../../../i18n';
import { NAME_SLOT, PUSH_TEXT_IDS, PUSH_TEXTS_CACHE, PUSH_TEXTS_URL } from './push-texts';

/**
 * Keeps the pushed kinds' texts in the active language for the service worker (push-texts.ts):
 * called where this browser's push is turned on and where the language changes (Settings). The
 * screens' texts are loaded there. Nothing happens without Cache Storage.
 */
export async function keepPushTexts(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const texts = Object.fromEntries(PUSH_TEXT_IDS.map((id) => [id, i18n._(id, { name: NAME_SLOT })]));
  const cache = await caches.open(PUSH_TEXTS_CACHE);
  await cache.put(PUSH_TEXTS_URL, new Response(JSON.stringify(texts), { headers: { 'content-type': 'application/json' } }));
}
