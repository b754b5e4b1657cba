import { darkTheme, lightTheme, modeCustomProperties, theme } from './tokens';

/** the WCAG contrast ratio of two #rrggbb colours */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const declared = (css: string) => new Map(css.split('\n').map((line) => line.replace(/;$/, '').split(': ') as [string, string]));

describe('theme', () => {
  it('styles with custom properties for what changes with the mode, and the tokens themselves otherwise', () => {
    expect(theme.colors.textMuted).toBe('var(--color-text-muted)');
    expect(theme.shadow.card).toBe('var(--shadow-card)');
    expect(theme.space.md).toBe(lightTheme.space.md);
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('%s mode gives every custom property the theme uses its value', (_mode, resolved) => {
    const properties = declared(modeCustomProperties(resolved));
    const used = [...Object.values(theme.colors), ...Object.values(theme.shadow)].map((ref) => ref.slice('var('.length, -1));
    expect([...properties.keys()].sort()).toEqual(used.sort());
    expect(properties.get('--color-text-muted')).toBe(resolved.colors.textMuted);
    expect(properties.get('--shadow-raised')).toBe(resolved.shadow.raised);
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('%s mode hides everything under a photo shown full screen (an opaque backdrop)', (_mode, { colors }) => {
    expect(colors.photoBackdrop).toMatch(/^(#[0-9a-f]{6}|rgb\(\d+,\d+,\d+\))$/);
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('%s mode sets tinted areas (icon circles, switch tracks, the active tab) apart from the cards and the page they sit on', (_mode, { colors }) => {
    expect(colors.backgroundAlt).not.toBe(colors.surface);
    expect(colors.backgroundAlt).not.toBe(colors.background);
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('%s mode sets a label\'s pill (an unread notification\'s type) apart from the raised and the plain cards it sits on', (_mode, { colors }) => {
    for (const card of [colors.surfaceRaised, colors.surface]) expect(contrast(colors.tag, card)).toBeGreaterThanOrEqual(1.1);
  });
});
