import { SettingsOptions } from '../options.js';

export type ProfileVisibility = (typeof SettingsOptions.profileVisibility)[number];

/**
 * The settings of spec §3 the server enforces (beyond the spec, whose settings stay in the
 * browser: a privacy choice the server ignores protects nobody). Owned by profiles, published
 * as `profiles.settings.changed`; discovery applies the privacy part, chat and notifications
 * the rest.
 */
export interface MemberSettings {
  notifications: { matches: boolean; messages: boolean; likes: boolean; promotions: boolean };
  privacy: { showOnline: boolean; showDistance: boolean; showAge: boolean; profileVisibility: ProfileVisibility; hideFromOwnAirline: boolean };
}

/** spec §3's defaults */
export const defaultMemberSettings = (): MemberSettings => ({
  notifications: { matches: false, messages: false, likes: false, promotions: false },
  privacy: { showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone', hideFromOwnAirline: false },
});

