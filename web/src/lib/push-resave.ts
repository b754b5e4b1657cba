import { API_BASE, httpRequest } from './http';
import { pushSupported } from './push-subscription';

/** POST /api/push/subscriptions: the subscription is the signed-in member's, this session's */
const savePushSubscription = (subscription: PushSubscriptionJSON) => httpRequest(API_BASE, { url: '/push/subscriptions', method: 'POST', body: subscription });

/**
 * Saves this browser's push subscription again for the member who signed in, when it has one and
 * push is allowed: the server ends a subscription with the session that saved it (a password
 * change ends the other sessions' subscriptions), so one saved by a session that has since expired
 * is this session's again. It asks nothing and subscribes nothing (Settings' toggles do that).
 */
export async function resavePushSubscription(save: (subscription: PushSubscriptionJSON) => Promise<unknown> = savePushSubscription): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const worker = await navigator.serviceWorker.getRegistration('/');
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return false;
  await save(subscription.toJSON());
  return true;
}
