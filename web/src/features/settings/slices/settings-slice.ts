import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultSettings, type LanguagePreference, type LocalSettings, type ThemePreference } from '../lib/local-settings';

// Local settings (spec §3): held only in the browser; their shape, defaults and reading are in lib/local-settings.
export * from '../lib/local-settings';

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: defaultSettings,
  reducers: {
    settingsSaved: (_state, action: PayloadAction<LocalSettings>) => action.payload,
    themeChanged(state, action: PayloadAction<ThemePreference>) {
      state.preferences.theme = action.payload;
    },
    languageChanged(state, action: PayloadAction<LanguagePreference>) {
      state.preferences.language = action.payload;
    },
  },
});

export const { settingsSaved, themeChanged, languageChanged } = settingsSlice.actions;
export const selectThemePreference = (s: { settings: LocalSettings }) => s.settings.preferences.theme;
export const selectLanguage = (s: { settings: LocalSettings }) => s.settings.preferences.language;
