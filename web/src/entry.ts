import { startEarly } from './app/start-early';

// The page's script: it starts what the address's first screen needs (its chunk, its data, its
// texts: app/start-early.ts), then imports the app, whose modules index.html has been preloading
// all along (build/preload-app.ts).
startEarly(window.location.pathname);
void import('./main');
