import type { Plugin } from 'vite';

// main.tsx loads the app (src/app/boot.tsx) with a dynamic import, so that the first texts are
// requested before the app's modules are evaluated. Vite preloads only an entry's static imports:
// this adds `<link rel="modulepreload">` for the app's own chunk, the largest, so the browser
// fetches it with the entry, not one round trip after it. The app's smaller shared chunks are
// requested by the entry's import, after the first texts: preloading them too would take all six
// HTTP/1.1 connections and queue the texts behind the app's code.
const APP_MODULE = /\/src\/app\/boot\.tsx$/;

export function preloadApp(): Plugin {
  return {
    name: 'aero-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const app = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.facadeModuleId !== null && APP_MODULE.test(c.facadeModuleId));
        if (!app) throw new Error('aero-preload-app: the chunk of src/app/boot.tsx is missing from the bundle');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${app.fileName}` }, injectTo: 'head' as const }];
      },
    },
  };
}
