import { startEarly } from './app/start-early';
import { captureInstallPrompt } from './features/pwa/lib/install-prompt-capture';

// The page's script: it starts what the address's first screen needs (its chunk, its data, its
// texts: app/start-early.ts), then imports the app, whose modules index.html has been preloading
// all along (build/preload-app.ts): the libraries first, the app's own modules in a task of their
// own (a message, which a background tab does not throttle as it does timers), so that their
// evaluation is two tasks rather than one long one. Starting early is only a head start: when it
// fails, the app starts all the same.
// the browser's install offer may come before the app is loaded: kept for its install card
captureInstallPrompt();
try {
  startEarly(window.location.pathname);
} catch (err) {
  console.warn('Could not start the first screen early', err);
}
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
import('./framework')
  .then(nextTask)
  .then(() => import('./main'))
  .catch((err: unknown) => console.error('The app could not be loaded', err));
