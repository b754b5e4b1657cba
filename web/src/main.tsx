// first: the first screen's texts start loading before the rest of the app is evaluated
import { firstTexts } from './boot';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { makeBrowserStore } from './app/store';
import { startSession } from './features/auth';
import { registerServiceWorker } from './features/pwa';
import { preloadScreen } from './app/router';
import { i18n } from './i18n';
import { sleep } from './lib/sleep';

const store = makeBrowserStore();
// the session check starts now, alongside the first screen's texts and chunk, not after the first render
const session = store.dispatch(startSession());
// the screen of the address starts loading now (and its data), alongside the session check
const screen = preloadScreen(window.location.pathname, store);

/** how long the first render waits for the session check (the splash shows meanwhile) */
const SESSION_WAIT_MS = 1500;

// the first screen shows in the chosen language: its catalogue (only that one) loads first; the
// first render waits for the screen's chunk and the session check too (up to SESSION_WAIT_MS), so
// that it is the screen itself, not a loading state first; it is a transition, so React renders it
// in slices and the page stays responsive
void Promise.all([firstTexts, screen, Promise.race([session, sleep(SESSION_WAIT_MS)])])
  .catch(() => {
    // the catalogue could not be fetched (offline, first visit): ids rather than a blank page
    if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });
  })
  .finally(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App store={store} session={session} />
        </StrictMode>,
      ),
    );
  });

registerServiceWorker();
