import { resolveThemeMode } from './resolve-theme';

describe('resolveThemeMode', () => {
  it('follows the system when auto', () => {
    expect(resolveThemeMode('auto', true)).toBe('dark');
    expect(resolveThemeMode('auto', false)).toBe('light');
  });
  it('uses the explicit choice otherwise', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });
});
