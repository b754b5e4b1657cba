/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

// The AeroMatch service worker (served at /sw.js), built by vite-plugin-pwa in inject-manifest
// mode: Workbox precaches the app shell (index.html, the hashed JavaScript and CSS, the four
// catalogues, icons, manifest and the offline page) at install. A new version waits until the
// page asks it to take over ('New version available' → Reload), else it takes effect on the
// next visit. Later issues add their handlers here (push, notification click).
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
