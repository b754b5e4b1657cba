import { SettingsOptions } from '@aero/contracts/shared';
import { detectLanguage } from '../../../i18n/languages';
import { readJson } from '../../../lib/storage';

// Local settings (spec §3): held only in the browser.
export type ThemePreference = 'light' | 'dark' | 'auto';

export interface LocalSettings {
  /** the four kinds pushed (spec §3), and whether a push shows who and what (beyond the spec) */
  notifications: { matches: boolean; messages: boolean; likes: boolean; promotions: boolean; previews: boolean };
  privacy: { showOnline: boolean; showDistance: boolean; showAge: boolean; profileVisibility: 'everyone' | 'verified-only' | 'hidden'; hideFromOwnAirline: boolean };
  preferences: { distanceUnit: 'miles' | 'kilometers'; language: 'english' | 'spanish' | 'french' | 'german'; theme: ThemePreference };
}

export const defaultSettings: LocalSettings = {
  notifications: { matches: false, messages: false, likes: false, promotions: false, previews: true },
  privacy: { showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone', hideFromOwnAirline: false },
  preferences: { distanceUnit: 'miles', language: 'english', theme: 'auto' },
};

export const SETTINGS_STORAGE_KEY = 'aero.settings';

export type LanguagePreference = LocalSettings['preferences']['language'];

/**
 * Merges a stored (possibly partial or stale) value over the defaults. Without a stored
 * language, `defaultLanguage` (the browser's, when it is one of the four) applies.
 */
export function mergeSettings(stored: unknown, defaultLanguage: LanguagePreference = defaultSettings.preferences.language): LocalSettings {
  const fallback: LocalSettings = { ...defaultSettings, preferences: { ...defaultSettings.preferences, language: defaultLanguage } };
  if (!stored || typeof stored !== 'object') return fallback;
  const s = stored as Partial<LocalSettings>;
  const merged: LocalSettings = {
    notifications: { ...defaultSettings.notifications, ...(s.notifications ?? {}) },
    privacy: { ...defaultSettings.privacy, ...(s.privacy ?? {}) },
    preferences: { ...fallback.preferences, ...(s.preferences ?? {}) },
  };
  // anything stale or tampered falls back to its default
  for (const key of Object.keys(merged.notifications) as (keyof LocalSettings['notifications'])[])
    if (typeof merged.notifications[key] !== 'boolean') merged.notifications[key] = defaultSettings.notifications[key];
  for (const key of ['showOnline', 'showDistance', 'showAge', 'hideFromOwnAirline'] as const) if (typeof merged.privacy[key] !== 'boolean') merged.privacy[key] = defaultSettings.privacy[key];
  const oneOf = <T extends string>(value: T, allowed: readonly string[], fallback: T): T => (allowed.includes(value) ? value : fallback);
  merged.privacy.profileVisibility = oneOf(merged.privacy.profileVisibility, SettingsOptions.profileVisibility, defaultSettings.privacy.profileVisibility);
  merged.preferences.distanceUnit = oneOf(merged.preferences.distanceUnit, SettingsOptions.distanceUnit, defaultSettings.preferences.distanceUnit);
  merged.preferences.language = oneOf(merged.preferences.language, SettingsOptions.language, defaultLanguage);
  merged.preferences.theme = oneOf(merged.preferences.theme, SettingsOptions.theme, defaultSettings.preferences.theme);
  return merged;
}

/** The settings this browser holds (the browser's language when none is stored): what the store starts with. */
export function readLocalSettings(): LocalSettings {
  return mergeSettings(readJson(SETTINGS_STORAGE_KEY), detectLanguage(navigator.languages ?? [navigator.language]));
}
