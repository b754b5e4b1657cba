import { API_BASE, httpRequest } from './http';

/** this browser can receive web push at all */
export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** DELETE /api/push/subscriptions {endpoint} (while the session lasts) */
export const removePushSubscription = (endpoint: string) => httpRequest(API_BASE, { url: '/push/subscriptions', method: 'DELETE', body: { endpoint } });

/**
 * Forgets this browser's push subscription, on the server (which may have dropped it already) and
 * in the browser: when every notification toggle goes off, and on sign-out (so a signed-out
 * browser receives nobody's pushes).
 */
export async function forgetPushSubscription(remove: (endpoint: string) => Promise<unknown> = removePushSubscription): Promise<void> {
  if (!pushSupported()) return;
  const worker = await navigator.serviceWorker.getRegistration('/');
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  await remove(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * Closes the notifications the app shows (in the tray, on the lock screen): when the member's
 * session ends, no name or message of theirs stays there for the next person holding the phone.
 */
export async function closeShownNotifications(): Promise<void> {
  if (!pushSupported()) return;
  const worker = await navigator.serviceWorker.getRegistration('/');
  for (const shown of (await worker?.getNotifications()) ?? []) shown.close();
}
