/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { chooseWindow, clickTarget, readPush } from './notification-click';
import { localizedPush } from '../features/activity/lib/push-texts';
import { PUSH_TEXTS_CACHE, PUSH_TEXTS_URL, type PushTexts } from '../lib/push-texts';

// The AeroMatch service worker (served at /sw.js), built by vite-plugin-pwa in inject-manifest
// mode: Workbox precaches the app shell (index.html, the hashed JavaScript and CSS, the four
// catalogues, icons, manifest and the offline page) at install. A new version waits until the
// page asks it to take over ('New version available' → Reload), else it takes effect on the
// next visit. It also shows web push (a like, match or message while the app is closed) and
// opens the right route when one is clicked.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const NOT_THE_APP = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/socket\.io(\/|$)/, /^\/dev(\/|$)/, /^\/objects(\/|$)/];
const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// every page of the app is the app shell (client-side routes), served from the precache: it
// opens offline after one visit
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }));

// user photos and other same-origin images are not precached; icons are
registerRoute(({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/icons/') && request.destination === 'image', new CacheFirst({ cacheName: 'aeromatch-icons' }));

// a navigation that cannot be answered at all gets the offline page
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

// the page's 'Reload' on 'New version available'
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// a web push: the notification's title and message with the app icon; the tag is the
// notification's id, so the same one sent again (a retried send) replaces it
self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  event.waitUntil(
    (async () => {
      // in the app's language when it kept its texts here (lib/push-texts.ts)
      const kept = await caches
        .open(PUSH_TEXTS_CACHE)
        .then((cache) => cache.match(PUSH_TEXTS_URL))
        .then((res) => (res ? (res.json() as Promise<PushTexts>) : null))
        .catch(() => null);
      const { title, body } = localizedPush(push, kept);
      await self.registration.showNotification(title, { body, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', tag: push.tag, data: { url: push.url } });
    })(),
  );
});

// a click focuses a tab of the app (taking it to the route) or opens one there
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const origin = self.location.origin;
  const target = clickTarget((event.notification.data as { url?: unknown } | null)?.url, origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const choice = chooseWindow(windows.map((w) => ({ url: w.url, focused: w.focused })), target, origin);
      if (!choice) return void (await self.clients.openWindow(target));
      const tab = await windows[choice.index]!.focus();
      if (choice.navigate) await tab.navigate(target).catch(() => self.clients.openWindow(target));
    })(),
  );
});
