import { forgetPushSubscription, pushSupported } from '../../../lib/push-subscription';
import type { LocalSettings } from '../slices/settings-slice';

/** what turning web push on came to on this device */
export type PushSetup = 'subscribed' | 'denied' | 'unsupported';

/** the server's side: its VAPID public key, and where this browser's subscription is kept */
export interface PushServer {
  publicKey(): Promise<string>;
  save(subscription: PushSubscriptionJSON): Promise<unknown>;
  remove(endpoint: string): Promise<unknown>;
}

/** a base64url VAPID key as PushManager.subscribe takes it */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** is an existing subscription made for this key (a server with new keys needs a new one) */
export function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((b, i) => b === wanted[i]);
}

/** web push stays subscribed while any notification toggle is on (`previews` is how a push shows, not a kind pushed) */
export const anyNotificationOn = ({ previews: _how, ...kinds }: LocalSettings['notifications']) => Object.values(kinds).some((on) => on === true);

const supported = pushSupported;

/** the app's service worker, once it is active (none in development builds: undefined then) */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing?.active) return existing;
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Asks for the browser's permission when it was never asked, subscribes this browser with the
 * server's key (or keeps its subscription when it was made for that key) and saves it on the
 * server, for the signed-in member. Call it from the user's gesture (a toggle switched on):
 * browsers show the permission prompt only then.
 */
export async function subscribeToPush(server: PushServer): Promise<PushSetup> {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  const worker = await registration();
  if (!worker) return 'unsupported';
  const key = applicationServerKey(await server.publicKey());
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await server.save(subscription.toJSON());
  return 'subscribed';
}

/** Forgets this browser's subscription, on the server (which may have dropped it already) and in the browser. */
export const unsubscribeFromPush = (server: Pick<PushServer, 'remove'>) => forgetPushSubscription(server.remove);

/** subscribed already with permission granted: saves the subscription again without asking anything (after Save) */
export async function refreshPushSubscription(server: PushServer): Promise<void> {
  if (supported() && Notification.permission === 'granted') await subscribeToPush(server);
}
