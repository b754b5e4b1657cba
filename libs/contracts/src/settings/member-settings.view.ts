import { SettingsOptions } from '../options.js';

export type ProfileVisibility = (typeof SettingsOptions.profileVisibility)[number];

/**
 * The settings of spec §3 the server enforces (beyond the spec, whose settings stay in the
 * browser: a privacy choice the server ignores protects nobody). Owned by profiles, published
 * as `profiles.settings.changed`; discovery applies the privacy part, chat and notifications
 * the rest.
 */
export interface MemberSettings {
  /**
   * spec §3's four kinds pushed to the member's browsers, and (beyond the spec) `previews`: whether
   * a push shows who and what (names, the message's text) or only that there is something new, for
   * a lock screen others may see
   */
  notifications: { matches: boolean; messages: boolean; likes: boolean; promotions: boolean; previews: boolean };
  privacy: { showOnline: boolean; showDistance: boolean; showAge: boolean; profileVisibility: ProfileVisibility; hideFromOwnAirline: boolean };
}

/** spec §3's defaults (previews shown, as phones do by default) */
export const defaultMemberSettings = (): MemberSettings => ({
  notifications: { matches: false, messages: false, likes: false, promotions: false, previews: true },
  privacy: { showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone', hideFromOwnAirline: false },
});

