import * as v from 'valibot';
import { isAirline, Limits } from '@aero/contracts/shared';
import { ageField, requiredText } from '../../../lib/forms';
import { commaListOf, languagesField, maxChars, placeField, type PlaceValue } from '../../../lib/profile-text-fields';
import type { CurrentUser } from '../../../lib/current-user';

// The edit form of My Profile (spec §5), as pure functions (the view's are profile-view-rules.ts:
// the profile opens without the form's schema library).

/** The age input clamps values under 18 to 18 (applied when the field is left). */
export function clampAgeInput(raw: string): string {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return raw;
  return n < Limits.ageMin ? String(Limits.ageMin) : raw;
}

export const TEXT_FIELDS = ['firstName', 'bio', 'dietaryPreferences', 'sleepHabits', 'politicalViews'] as const;
export const OPTION_FIELDS = [
  'airline',
  'position',
  'baseAirport',
  'drinkingHabits',
  'smokingHabits',
  'drugsCannabisCUse',
  'pets',
  'exerciseHabits',
  'relationshipType',
  'lookingFor',
  'religion',
  'ethnicity',
  'zodiacSign',
] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type OptionField = (typeof OPTION_FIELDS)[number];

/** The edit form's values: text as typed, '' for an unset option. */
export type EditForm = Record<TextField | OptionField, string> & {
  age: string;
  /** '' = none */
  distancePreference: string;
  /** comma-separated */
  languagesSpoken: string;
  /** the location, with the coordinates of the suggestion chosen */
  place: PlaceValue;
};

export function formFromProfile(p: CurrentUser): EditForm {
  const form = { age: p.age == null ? '' : String(p.age) } as EditForm;
  for (const f of TEXT_FIELDS) form[f] = p[f] ?? '';
  for (const f of OPTION_FIELDS) form[f] = p[f] ?? '';
  form.distancePreference = p.distancePreference == null ? '' : String(p.distancePreference);
  form.languagesSpoken = (p.languagesSpoken ?? []).join(', ');
  form.place = { location: p.location ?? '', latitude: p.latitude, longitude: p.longitude };
  return form;
}

const optionalText = v.string();

/** An optional text of at most `limit` characters (after trimming, as the server reads it). */
const textUpTo = (limit: number, message: Parameters<typeof maxChars>[1]) => v.pipe(v.string(), v.trim(), maxChars(limit, message));

/**
 * The edit form's schema (spec §5) for `profile`: a first name and an age of 18 to 120; the rest
 * optional. Texts have the server's length limits; a new location is chosen from the suggestions
 * (one the profile has without coordinates may stay as it is).
 */
export const editProfileSchema = (profile: Pick<CurrentUser, 'location' | 'latitude' | 'longitude'>) => v.object({
  firstName: v.pipe(requiredText('messages.firstNameRequired'), maxChars(Limits.firstNameMaxChars, 'messages.firstNameTooLong')),
  age: ageField,
  bio: textUpTo(Limits.bioMaxChars, 'messages.bioTooLong'),
  place: placeField({ required: false, kept: profile.latitude === null || profile.longitude === null ? profile.location : null }),
  dietaryPreferences: textUpTo(Limits.profileTextMaxChars, 'messages.dietaryPreferencesTooLong'),
  sleepHabits: textUpTo(Limits.profileTextMaxChars, 'messages.sleepHabitsTooLong'),
  politicalViews: textUpTo(Limits.profileTextMaxChars, 'messages.politicalViewsTooLong'),
  airline: optionalText,
  position: optionalText,
  baseAirport: optionalText,
  drinkingHabits: optionalText,
  smokingHabits: optionalText,
  drugsCannabisCUse: optionalText,
  pets: optionalText,
  exerciseHabits: optionalText,
  relationshipType: optionalText,
  lookingFor: optionalText,
  religion: optionalText,
  ethnicity: optionalText,
  zodiacSign: optionalText,
  distancePreference: optionalText,
  languagesSpoken: languagesField,
});

/** Only what changed, in the server's types ('' → null for options, numbers for age/distance). */
export function changedFields(form: EditForm, original: CurrentUser): Record<string, unknown> {
  const before = formFromProfile(original);
  const patch: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) if (form[f].trim() !== before[f].trim()) patch[f] = form[f].trim();
  for (const f of OPTION_FIELDS) if (form[f] !== before[f]) patch[f] = form[f] || null;
  if (form.age.trim() !== before.age) patch.age = Number(form.age);
  if (form.distancePreference !== before.distancePreference) patch.distancePreference = form.distancePreference ? Number(form.distancePreference) : null;
  if (commaListOf(form.languagesSpoken).join(',') !== commaListOf(before.languagesSpoken).join(',')) patch.languagesSpoken = commaListOf(form.languagesSpoken);
  const [place, was] = [form.place, before.place];
  if (place.location.trim() !== was.location.trim()) patch.location = place.location.trim();
  if (place.latitude !== was.latitude || place.longitude !== was.longitude || 'location' in patch) {
    patch.latitude = place.latitude;
    patch.longitude = place.longitude;
  }
  // airline, position and base airport belong to airline staff only
  if (!isAirline(original.userType)) {
    delete patch.airline;
    delete patch.position;
    delete patch.baseAirport;
  }
  return patch;
}
