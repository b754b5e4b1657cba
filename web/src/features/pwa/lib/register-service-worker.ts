import { whenIdle } from '../../../lib/when-idle';
import { offerUpdate } from './update-store';

/**
 * Registers the service worker served at /sw.js (production builds only) through workbox-window,
 * loaded once the page has loaded and the browser is idle (its script and the worker's precache
 * downloads must not compete with the first screen's photos and data). When a new version is installed and waiting, the app offers 'New
 * version available'; Reload makes it take over and reloads, otherwise it takes effect on the
 * next visit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () =>
      offerUpdate(() => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      }),
    );
    await wb.register();
  };
  const start = () => whenIdle(() => void register().catch((err: unknown) => console.warn('Service worker registration failed', err)));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
