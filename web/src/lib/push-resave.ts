import { API_BASE, httpRequest } from './http';
import { pushSupported } from './push-subscription';

/** how long a save lasts before the app, in sight, saves anew: well within a session's idle timeout */
export const PUSH_RESAVE_AFTER_MS = 3600 * 1000;

/** POST /api/push/subscriptions: the subscription is the signed-in member's, this session's */
const savePushSubscription = (subscription: PushSubscriptionJSON) => httpRequest(API_BASE, { url: '/push/subscriptions', method: 'POST', body: subscription });

/**
 * Saves this browser's push subscription again for the member who signed in, when it has one and
 * push is allowed: the server ends a subscription with the session that saved it (a password
 * change ends the other sessions' subscriptions), so one saved by a session that has since expired
 * is this session's again; and with a session that may expire unused (the server's `expiresAt`),
 * so it is saved again as the app starts and comes back (`keepPushSubscriptionSaved`). It asks
 * nothing and subscribes nothing (Settings' toggles do that).
 */
export async function resavePushSubscription(save: (subscription: PushSubscriptionJSON) => Promise<unknown> = savePushSubscription): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const worker = await navigator.serviceWorker.getRegistration('/');
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return false;
  await save(subscription.toJSON());
  return true;
}

/**
 * Saves this browser's push subscription for the signed-in session now, and again once
 * PUSH_RESAVE_AFTER_MS has passed, as the app is shown (an installed app lives for days in the
 * background) or while it stays in sight: the server keeps a subscription only as long as the
 * session that saved it could live unused, and each use of the app moves the session's end on. A
 * save that failed is tried again at the next of those. Answers the function that stops it.
 */
export function keepPushSubscriptionSaved(save: (subscription: PushSubscriptionJSON) => Promise<unknown> = savePushSubscription, now: () => number = Date.now): () => void {
  let savedAt = -Infinity;
  const resave = () => {
    savedAt = now();
    resavePushSubscription(save).catch(() => {
      savedAt = -Infinity;
    });
  };
  const shown = () => {
    if (document.visibilityState === 'visible' && now() - savedAt >= PUSH_RESAVE_AFTER_MS) resave();
  };
  resave();
  document.addEventListener('visibilitychange', shown);
  const inSight = setInterval(shown, PUSH_RESAVE_AFTER_MS);
  return () => {
    document.removeEventListener('visibilitychange', shown);
    clearInterval(inSight);
  };
}
