import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { bootSplash } from './build/boot-splash.ts';
import { compiledCatalogs } from './build/compiled-catalogs.ts';
import { compileHints } from './build/compile-hints.ts';
import { precompress } from './build/precompress.ts';
import { bootChunk, preloadApp, staticGraphChunk } from './build/preload-app.ts';

// The gateway serves web/dist (history fallback), /sw.js, /api and socket.io at /ws.
// In development Vite proxies the same paths to a gateway on port 3000.
const gateway = 'http://localhost:3000';

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|immer|redux|redux-thunk|reselect|react-redux|use-sync-external-store|styled-components|stylis|@emotion|@lingui)[\\/]/;
const boot = bootChunk();
const app = staticGraphChunk('app', 'src/main.tsx', 1, {
  // main.tsx's own body (it starts the app) stays in a chunk of its own: importing one of the
  // app's modules elsewhere (say discovery-api from the boot code) must not start the app
  importsOnly: true,
  libraries: false,
  // small modules several screens share (0.1-1.8 KB each)
  extra: (id) => /\/web\/src\/(lib\/shared-api|i18n\/message-key|app\/pages\/report-dialog-slot|features\/discovery\/api\/discovery-api)\.tsx?$/.test(id),
});

export default defineConfig({
  plugins: [
    react(),
    bootSplash(),
    preloadApp(),
    boot.plugin,
    app.plugin,
    compiledCatalogs(),
    // the libraries and the app's own modules compile off the main thread (Lighthouse /auth TBT 528 → 246 ms)
    compileHints(['framework', 'app']),
    // the service worker at /sw.js: our source (src/sw/sw.ts) plus Workbox's precache manifest
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // the app shell: index.html, every script (route chunks and the four catalogues, so that any
        // language works offline), the offline page, the manifest, the icon the screens show and
        // the one a push notification shows (src/sw/sw.ts), which may arrive while offline
        globPatterns: ['**/*.{js,css,html,webmanifest}', 'icons/logo.svg', 'icons/icon-192.png'],
        globIgnores: ['**/*.map', 'sw.js'],
        // source maps stay out of the worker
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  // the spec's constants and texts come from the shared contracts, straight from source
  resolve: {
    alias: {
      '@aero/contracts/shared': fileURLToPath(new URL('../libs/contracts/src/shared.ts', import.meta.url)),
      // what a picked file is, by its first bytes: for the pickers' screens only, apart from the shared part
      '@aero/contracts/file-type': fileURLToPath(new URL('../libs/contracts/src/file-type.ts', import.meta.url)),
      // the email rule: for the forms that ask for an address only
      '@aero/contracts/email': fileURLToPath(new URL('../libs/contracts/src/email.ts', import.meta.url)),
      // the server's own notifications' texts: apart from the shared part, which the first screen carries
      '@aero/contracts/notification-texts': fileURLToPath(new URL('../libs/contracts/src/notifications/notification-texts.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // the libraries every screen runs on in one chunk ('framework', with src/framework.ts that
        // evaluates them): it compresses better than the seven shared chunks the automatic split
        // made of them, and stays cached across app releases; what the page's script imports in
        // another ('boot'); the app's own modules (all that src/main.tsx imports) with the small
        // ones every screen shares in a third ('app'): split automatically, they were eight chunks
        // of 0.1-4 KB that a phone fetched one after another on its few connections
        codeSplitting: {
          groups: [boot.group, app.group, { name: 'framework', priority: 3, test: (id) => FRAMEWORK.test(id) || id.endsWith('/web/src/framework.ts') }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true },
    },
  },
});
