import type { Plugin } from 'vite';

// V8's explicit compile hint (Chrome 136+): a script whose very first line is this comment has all
// its functions compiled eagerly, on a background thread while it downloads, instead of each on the
// main thread when it is first called. It fits the chunks of which the first screen runs nearly all
// (the libraries, the app's own modules): compiling them on first call held the main thread in the
// long tasks that Lighthouse's Total Blocking Time counts. Other browsers read a comment.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** puts the hint first in the named chunks: after what other plugins prepend (Vite's preload map), with their source maps moved down a line */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'aero-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          // the map written is an asset of its own by now
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
