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

const store = makeBrowserStore();
// the session check starts now, alongside the first screen's texts and chunk, not after the first render
const session = store.dispatch(startSession());
// the screen of the address starts loading now (and its data), alongside the session check
preloadScreen(window.location.pathname, store);

// the first screen shows in the chosen language: its catalogue (only that one) loads first; the
// first render is a transition, so React renders it in slices and the page stays responsive
void firstTexts
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
