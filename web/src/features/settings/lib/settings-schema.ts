import * as v from 'valibot';
import { SettingsOptions } from '@aero/contracts/shared';

/** The settings form's schema: the local settings of spec §3, each value one of its options. */
export const settingsSchema = v.object({
  notifications: v.object({ matches: v.boolean(), messages: v.boolean(), likes: v.boolean(), promotions: v.boolean(), previews: v.boolean() }),
  privacy: v.object({
    showOnline: v.boolean(),
    showDistance: v.boolean(),
    showAge: v.boolean(),
    profileVisibility: v.picklist(SettingsOptions.profileVisibility),
    hideFromOwnAirline: v.boolean(),
  }),
  preferences: v.object({
    distanceUnit: v.picklist(SettingsOptions.distanceUnit),
    language: v.picklist(SettingsOptions.language),
    theme: v.picklist(SettingsOptions.theme),
  }),
});
