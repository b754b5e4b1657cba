import { defaultSettings, languageChanged, mergeSettings, settingsSaved, settingsSlice, themeChanged, type LocalSettings } from './settings-slice';

describe('local settings', () => {
  it('defaults: notifications off, privacy on, theme auto', () => {
    expect(defaultSettings.notifications).toEqual({ matches: false, messages: false, likes: false, promotions: false, previews: true });
    expect(defaultSettings.privacy).toEqual({ showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone', hideFromOwnAirline: false });
    expect(defaultSettings.preferences.theme).toBe('auto');
  });

  it('merges stored values over defaults and rejects unknown themes', () => {
    expect(mergeSettings({ preferences: { theme: 'dark' } }).preferences).toEqual({ distanceUnit: 'miles', language: 'english', theme: 'dark' });
    expect(mergeSettings({ preferences: { theme: 'neon' } }).preferences.theme).toBe('auto');
    expect(mergeSettings('garbage')).toEqual(defaultSettings);
  });

  it('takes the browser language when none is stored, and keeps a stored one', () => {
    expect(mergeSettings(null, 'german').preferences.language).toBe('german');
    expect(mergeSettings({ preferences: { theme: 'dark' } }, 'spanish').preferences).toEqual({ distanceUnit: 'miles', language: 'spanish', theme: 'dark' });
    expect(mergeSettings({ preferences: { language: 'french' } }, 'spanish').preferences.language).toBe('french');
    expect(mergeSettings({ preferences: { language: 'klingon' } }, 'spanish').preferences.language).toBe('spanish');
  });

  it('changes the language at once', () => {
    expect(settingsSlice.reducer(defaultSettings, languageChanged('spanish')).preferences.language).toBe('spanish');
  });

  it('changes the theme', () => {
    expect(settingsSlice.reducer(defaultSettings, themeChanged('light')).preferences.theme).toBe('light');
  });

  it('saves every section and reads the saved value back the same', () => {
    const next: LocalSettings = {
      notifications: { matches: true, messages: true, likes: false, promotions: false, previews: false },
      privacy: { showOnline: false, showDistance: true, showAge: false, profileVisibility: 'verified-only', hideFromOwnAirline: true },
      preferences: { distanceUnit: 'kilometers', language: 'french', theme: 'dark' },
    };
    const saved = settingsSlice.reducer(defaultSettings, settingsSaved(next));
    expect(saved).toEqual(next);
    // what the store writes to localStorage comes back unchanged
    expect(mergeSettings(JSON.parse(JSON.stringify(saved)))).toEqual(next);
  });

  it('falls back to defaults for stale or tampered values', () => {
    const merged = mergeSettings({ notifications: { matches: 'yes' }, privacy: { profileVisibility: 'friends', showAge: false }, preferences: { language: 'klingon', distanceUnit: 'kilometers' } });
    expect(merged.notifications.matches).toBe(false);
    expect(merged.privacy).toEqual({ ...defaultSettings.privacy, showAge: false });
    expect(merged.preferences).toEqual({ distanceUnit: 'kilometers', language: 'english', theme: 'auto' });
  });
});
