import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Every text asset of the build also as `<file>.br` and `<file>.gz` (best compression, once at
// build time), so that the server can answer `Accept-Encoding` without compressing per request.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aero-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const path = join(outDir, file);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
      }
    },
  };
}
