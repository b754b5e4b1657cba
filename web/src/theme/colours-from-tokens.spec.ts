import { appSources } from '../../test/app-sources';

// Issue 11: colours only from theme tokens. A colour written anywhere else in the app would not
// follow dark mode (the tokens are custom properties GlobalStyle sets per mode) and would escape
// the contrast checks made on the tokens.
const COLOUR_LITERALS = [
  /(?<![\w&/])#[0-9a-f]{3}(?:[0-9a-f]{3}(?:[0-9a-f]{2})?)?(?![\w-])/i,
  /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color-mix)\(/i,
  /\b(?:color|background(?:-color)?|border(?:-[a-z]+)*|outline(?:-color)?|fill|stroke|caret-color|accent-color)\s*:\s*(?:white|black|red|green|blue|gray|grey|orange|yellow|purple|pink|navy|silver)\b/i,
];

/** the colour literals of one source text, as `line: text` */
const colourLiterals = (text: string) =>
  text.split('\n').flatMap((line, i) => (COLOUR_LITERALS.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));

describe('colours', () => {
  it('are written only in the theme: every component styles with its tokens', () => {
    const found = appSources()
      .filter(({ path }) => !path.startsWith('theme/'))
      .flatMap(({ path, text }) => colourLiterals(text).map((hit) => `${path}:${hit}`));
    expect(found).toEqual([]);
  });

  it('are found however they are written', () => {
    expect(colourLiterals('  color: #0b2545;\n  border: 1px solid #FFF;')).toEqual(['1: color: #0b2545;', '2: border: 1px solid #FFF;']);
    expect(colourLiterals('text-shadow: 0 1px 8px rgba(0, 0, 0, 0.35);')).toHaveLength(1);
    expect(colourLiterals('background: hsl(210 50% 40%);')).toHaveLength(1);
    expect(colourLiterals('background-color: white;')).toHaveLength(1);
    // not colours: a link to a fragment, an entity, a token, transparency
    expect(colourLiterals('<a href="#faq">, &#8203;, ${theme.colors.text}, background: transparent;')).toEqual([]);
  });
});
