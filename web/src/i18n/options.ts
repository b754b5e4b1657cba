import { FilterOptions, GENDERS, INTERESTED_IN, LIFESTYLE_FIELDS, POSITIONS, profileFieldValues, SettingsOptions, SUPPORT_CATEGORIES, ZODIAC_SIGNS, type LifestyleField } from '@aero/contracts/shared';
import type { MessageKey } from './message-key';

// Every option list the screens offer (spec §3), from @aero/contracts/shared: each value has a
// label `option.<field>.<value>` in every catalogue (the catalogue test checks it). Airline
// names are proper names and shown as they are.
const lifestyle = Object.fromEntries(LIFESTYLE_FIELDS.map((field) => [field, profileFieldValues(field)])) as Record<LifestyleField, string[]>;
const union = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

export const OPTION_LISTS = {
  gender: union(GENDERS, FilterOptions.gender),
  interestedIn: [...INTERESTED_IN],
  ...lifestyle,
  zodiacSign: [...ZODIAC_SIGNS],
  position: union(POSITIONS, FilterOptions.positions),
  profileVisibility: [...SettingsOptions.profileVisibility],
  distanceUnit: [...SettingsOptions.distanceUnit],
  language: [...SettingsOptions.language],
  theme: [...SettingsOptions.theme],
  supportCategory: [...SUPPORT_CATEGORIES],
} satisfies Record<string, string[]>;

export type OptionField = keyof typeof OPTION_LISTS;

export const optionKey = (field: OptionField, value: string) => `option.${field}.${value}` as MessageKey;

export const isOptionValue = (field: OptionField, value: string) => (OPTION_LISTS[field] as readonly string[]).includes(value);
