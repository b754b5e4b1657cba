import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { SCREEN_FILES_ID, SCREEN_SOURCES } from '../src/app/screen-routes.ts';

// index.html's script (src/entry.ts) starts the first screen's data and files, then imports the
// libraries (src/framework.ts) and the app (src/main.tsx). So that the app's scripts download from the start rather than once that
// script has arrived, index.html preloads the app's chunk and every chunk it imports statically.
// And it lists each lazily loaded screen module's files (its chunk and the chunks it imports but
// the app's), for the script to preload the address's (preloadScreenFiles): importing the screen
// there would make the bundler split what it shares with the app into many small chunks.
/** what the page's script imports: the libraries, then the app */
const APP = ['src/framework.ts', 'src/main.tsx'];

const chunkOf = (bundle: OutputBundle, source: string) => {
  const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(`/web/${source}`)));
  if (!chunk) throw new Error(`no chunk for ${source} to preload`);
  return chunk;
};

/** a chunk's file and those of every chunk it imports statically */
const filesOf = (bundle: OutputBundle, chunk: OutputChunk): string[] => {
  const files: string[] = [];
  const add = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const imported = bundle[file];
    if (imported?.type === 'chunk') imported.imports.forEach(add);
  };
  add(chunk.fileName);
  return files;
};

export function preloadApp(): Plugin {
  return {
    name: 'aero-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const app = [...new Set(APP.flatMap((source) => filesOf(bundle, chunkOf(bundle, source))))];
        const screens = Object.fromEntries(
          Object.entries(SCREEN_SOURCES).map(([module, source]) => [module, filesOf(bundle, chunkOf(bundle, source)).filter((file) => !app.includes(file)).map((file) => `/${file}`)]),
        );
        return [
          ...app.filter((file) => !html.includes(`/${file}"`)).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          { tag: 'script', attrs: { type: 'application/json', id: SCREEN_FILES_ID }, children: JSON.stringify(screens), injectTo: 'body' as const },
        ];
      },
    },
  };
}

const LIBRARY = /[\\/]node_modules[\\/]/;

/**
 * A chunk of its own for `entry` and every module it imports statically (`extra` adds modules by
 * id), instead of the handful of small ones the automatic split makes of them when they are shared
 * with other chunks: `group` for the build's code splitting, `plugin` to learn the modules once
 * they are parsed.
 */
export function staticGraphChunk(name: string, entry: string, priority: number, { importsOnly = false, libraries = true, extra = (_id: string): boolean => false } = {}) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: `aero-${name}-chunk`,
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const root = ids.find((id) => id.endsWith(`/web/${entry}`));
      if (!root) throw new Error(`no ${entry} in the build`);
      const add = (id: string) => {
        if (modules.has(id) || (!libraries && LIBRARY.test(id))) return;
        modules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(add);
      };
      if (importsOnly) this.getModuleInfo(root)?.importedIds.forEach(add);
      else add(root);
      ids.filter(extra).forEach(add);
    },
  };
  return { plugin, group: { name, test: (id: string) => modules.has(id), priority } };
}

/** What the page's script (src/entry.ts) imports, in one chunk ('boot'): it imports nothing else. */
export const bootChunk = () => staticGraphChunk('boot', 'src/entry.ts', 2, { importsOnly: true });
