import * as v from 'valibot';
import { defaultSettings } from '../slices/settings-slice';
import { settingsSchema } from './settings-schema';

describe('settings schema', () => {
  it('takes the defaults and every listed option', () => {
    expect(v.is(settingsSchema, defaultSettings)).toBe(true);
    for (const language of ['english', 'spanish', 'french', 'german'])
      expect(v.is(settingsSchema, { ...defaultSettings, preferences: { ...defaultSettings.preferences, language } })).toBe(true);
  });

  it('refuses values outside the lists', () => {
    expect(v.is(settingsSchema, { ...defaultSettings, preferences: { ...defaultSettings.preferences, language: 'klingon' } })).toBe(false);
    expect(v.is(settingsSchema, { ...defaultSettings, privacy: { ...defaultSettings.privacy, profileVisibility: 'friends' } })).toBe(false);
    expect(v.is(settingsSchema, { ...defaultSettings, notifications: { ...defaultSettings.notifications, likes: 'yes' } })).toBe(false);
  });
});
