import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { makeBrowserStore } from './app/store';
import { registerServiceWorker } from './features/pwa';

const store = makeBrowserStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

registerServiceWorker();
