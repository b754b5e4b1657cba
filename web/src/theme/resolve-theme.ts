export type ThemePreference = 'light' | 'dark' | 'auto';

/** `auto` follows the operating system's prefers-color-scheme. */
export function resolveThemeMode(preference: ThemePreference, systemPrefersDark: boolean): 'light' | 'dark' {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
