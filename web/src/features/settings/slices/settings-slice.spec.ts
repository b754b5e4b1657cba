import { defaultSettings, mergeSettings, settingsSlice, themeChanged } from './settings-slice';

describe('local settings', () => {
  it('defaults: notifications off, privacy on, theme auto', () => {
    expect(defaultSettings.notifications).toEqual({ matches: false, messages: false, likes: false, promotions: false });
    expect(defaultSettings.privacy).toEqual({ showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone' });
    expect(defaultSettings.preferences.theme).toBe('auto');
  });

  it('merges stored values over defaults and rejects unknown themes', () => {
    expect(mergeSettings({ preferences: { theme: 'dark' } }).preferences).toEqual({ distanceUnit: 'miles', language: 'english', theme: 'dark' });
    expect(mergeSettings({ preferences: { theme: 'neon' } }).preferences.theme).toBe('auto');
    expect(mergeSettings('garbage')).toEqual(defaultSettings);
  });

  it('changes the theme', () => {
    expect(settingsSlice.reducer(defaultSettings, themeChanged('light')).preferences.theme).toBe('light');
  });
});
