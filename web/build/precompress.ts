import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Every text file of the build also as `<file>.br` and `<file>.gz` (best compression, once at
// build time), so that the gateway can answer `Accept-Encoding` without compressing per request
// (gateway/src/web/static-files.ts). Runs last, over the whole output folder, so the service
// worker (written by vite-plugin-pwa when the bundle closes) and the public files are included.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aero-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
          const path = join(entry.parentPath, entry.name);
          const content = readFileSync(path);
          if (content.length < 1024) continue;
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        }
      },
    },
  };
}
