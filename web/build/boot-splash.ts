import type { Plugin } from 'vite';
import { PRODUCT_NAME } from '../../libs/contracts/src/limits.ts';
import { darkTheme, lightTheme, theme } from '../src/theme/tokens.ts';

// What index.html shows while the app's scripts load: the brand on the hero's colours, drawn by
// the HTML itself (a blank page until then otherwise), in the system's light or dark mode. React
// replaces it with its first render. Its style comes from the theme's tokens: the same custom
// properties GlobalStyle sets later (which then take over, with the member's own mode).
const MARKER = '<!--boot-splash-->';

/** the colours the splash uses, as the custom properties `theme` names them, in one mode */
const COLORS = ['background', 'heroGradient', 'onHero'] as const;
const properties = (mode: typeof lightTheme) =>
  COLORS.map((name) => `${theme.colors[name].slice('var('.length, -1)}: ${mode.colors[name]};`).join(' ');

export function bootSplashStyle(): string {
  return `
:root { color-scheme: light; ${properties(lightTheme)} }
@media (prefers-color-scheme: dark) { :root { color-scheme: dark; ${properties(darkTheme)} } }
body { margin: 0; font-family: ${theme.font.family}; background: ${theme.colors.background}; }
.boot-splash { position: fixed; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: ${theme.space.xl}; background: ${theme.colors.heroGradient}; color: ${theme.colors.onHero}; }
.boot-splash p { margin: 0; font-size: ${theme.font.size.xxl}; font-weight: ${theme.font.weight.bold}; letter-spacing: -0.02em; }
.boot-splash span { width: 28px; height: 28px; border-radius: 50%; border: 3px solid currentColor; border-top-color: transparent; opacity: 0.7; animation: boot-spin 0.9s linear infinite; }
@keyframes boot-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .boot-splash span { animation-duration: 3s; } }`
    .trim()
    .replace(/\s*\n\s*/g, ' ');
}

/** The splash's markup (hidden from assistive technology: it says nothing the first screen does not). */
export const bootSplashMarkup = `<div class="boot-splash" aria-hidden="true"><p>${PRODUCT_NAME}</p><span></span></div>`;

/** Puts the splash into index.html's `#root` (where the marker is) and its style into the head. */
export function bootSplash(): Plugin {
  return {
    name: 'aero-boot-splash',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(MARKER)) throw new Error(`index.html has no ${MARKER} for the boot splash`);
        return {
          html: html.replace(MARKER, bootSplashMarkup),
          tags: [{ tag: 'style', children: bootSplashStyle(), injectTo: 'head' }],
        };
      },
    },
  };
}
