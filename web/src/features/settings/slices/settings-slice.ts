import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Local settings (spec §3): held only in the browser.
export type ThemePreference = 'light' | 'dark' | 'auto';

export interface LocalSettings {
  notifications: { matches: boolean; messages: boolean; likes: boolean; promotions: boolean };
  privacy: { showOnline: boolean; showDistance: boolean; showAge: boolean; profileVisibility: 'everyone' | 'verified-only' | 'hidden' };
  preferences: { distanceUnit: 'miles' | 'kilometers'; language: 'english' | 'spanish' | 'french' | 'german'; theme: ThemePreference };
}

export const defaultSettings: LocalSettings = {
  notifications: { matches: false, messages: false, likes: false, promotions: false },
  privacy: { showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone' },
  preferences: { distanceUnit: 'miles', language: 'english', theme: 'auto' },
};

export const SETTINGS_STORAGE_KEY = 'aero.settings';

/** Merges a stored (possibly partial or stale) value over the defaults. */
export function mergeSettings(stored: unknown): LocalSettings {
  if (!stored || typeof stored !== 'object') return defaultSettings;
  const s = stored as Partial<LocalSettings>;
  const merged: LocalSettings = {
    notifications: { ...defaultSettings.notifications, ...(s.notifications ?? {}) },
    privacy: { ...defaultSettings.privacy, ...(s.privacy ?? {}) },
    preferences: { ...defaultSettings.preferences, ...(s.preferences ?? {}) },
  };
  if (!['light', 'dark', 'auto'].includes(merged.preferences.theme)) merged.preferences.theme = 'auto';
  return merged;
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: defaultSettings,
  reducers: {
    settingsSaved: (_state, action: PayloadAction<LocalSettings>) => action.payload,
    themeChanged(state, action: PayloadAction<ThemePreference>) {
      state.preferences.theme = action.payload;
    },
  },
});

export const { settingsSaved, themeChanged } = settingsSlice.actions;
export const selectThemePreference = (s: { settings: LocalSettings }) => s.settings.preferences.theme;
