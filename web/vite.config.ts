import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compiledCatalogs } from './build/compiled-catalogs.ts';

// The gateway serves web/dist (history fallback), /sw.js, /api and socket.io at /ws.
// In development Vite proxies the same paths to a gateway on port 3000.
const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), compiledCatalogs()],
  // the spec's constants and texts come from the shared contracts, straight from source
  resolve: { alias: { '@aero/contracts/shared': fileURLToPath(new URL('../libs/contracts/src/shared.ts', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
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
