import { createGlobalStyle } from 'styled-components';
import { modeCustomProperties, theme } from './tokens';

// A button (in a row of equal ones) is never narrower than its longest word: it breaks between
// words (overflow-wrap: anywhere, which body has, would let it break inside one).
export const GlobalStyle = createGlobalStyle`
  :root {
    color-scheme: ${({ theme: resolved }) => resolved.mode};
    ${({ theme: resolved }) => modeCustomProperties(resolved)}
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100dvh;
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: 1.5;
    /* a word longer than its line (a name, a bio of members) breaks rather than widening the page */
    overflow-wrap: anywhere;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    -webkit-font-smoothing: antialiased;
    -webkit-tap-highlight-color: transparent;
  }
  #root { min-height: 100dvh; }
  h1, h2, h3, p { margin: 0; }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { overflow-wrap: break-word; }
  a { color: ${theme.colors.primary}; }
  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  /* a heading that took the focus lost with the last screen (lib/focus-heading.ts) is no control */
  h1[tabindex='-1']:focus-visible { outline: none; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
