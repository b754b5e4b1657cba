import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '../features/pwa';
import { App } from './app';
import { preloadScreen } from './router';
import { makeBrowserStore } from './store';

/**
 * The app itself: loaded by main.tsx next to the first texts (index.html preloads its chunks).
 * The screen of the address starts loading now, alongside the session check, not after it.
 */
export function boot(): void {
  const store = makeBrowserStore();
  preloadScreen(window.location.pathname);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
  registerServiceWorker();
}
