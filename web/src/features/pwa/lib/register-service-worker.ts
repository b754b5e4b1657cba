import { whenIdle } from '../../../lib/when-idle';

/**
 * Registers the service worker served at /sw.js (production builds only), with its update prompt
 * (service-worker-updates.ts, loaded with workbox-window) once the page has loaded and the browser
 * is idle: its script and the worker's precache downloads must not compete with the first
 * screen's photos and data.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => (await import('./service-worker-updates')).registerWithUpdates();
  const start = () => whenIdle(() => void register().catch((err: unknown) => console.warn('Service worker registration failed', err)));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
