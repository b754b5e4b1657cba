import { darkTheme, lightTheme, modeCustomProperties, theme } from './tokens';

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
  ])('%s mode sets tinted areas (icon circles, switch tracks, the active tab) apart from the cards and the page they sit on', (_mode, { colors }) => {
    expect(colors.backgroundAlt).not.toBe(colors.surface);
    expect(colors.backgroundAlt).not.toBe(colors.background);
  });
});
