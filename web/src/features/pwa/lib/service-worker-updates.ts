import { Workbox } from 'workbox-window';
import { offerUpdate } from './update-store';

/**
 * Registers /sw.js through workbox-window. When a new version is installed and waiting, the app
 * offers 'New version available'; Reload makes it take over and reloads, otherwise it takes effect
 * on the next visit. Another tab may have made it take over already (its own Reload): then Reload
 * here only reloads; a tab whose person did not choose is never reloaded under them.
 */
export async function registerWithUpdates(): Promise<void> {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () =>
    offerUpdate(() => {
      void navigator.serviceWorker.getRegistration().then((registration) => {
        // another tab's Reload made it take over already: this one only reloads onto it
        if (!registration?.waiting) return window.location.reload();
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      });
    }),
  );
  await wb.register();
}
