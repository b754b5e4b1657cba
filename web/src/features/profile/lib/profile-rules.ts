import { isAirline, Limits, Messages } from '@aero/contracts/shared';
import type { MyProfile } from '../types';

// My Profile (spec §2) and the edit form (spec §5), as pure functions.

/** 'Age not specified' when missing or under 18. */
export function ageText(age: number | null | undefined): string {
  return typeof age !== 'number' || !Number.isFinite(age) || age < Limits.ageMin ? 'Age not specified' : String(age);
}

/** The age input clamps values under 18 to 18 (applied when the field is left). */
export function clampAgeInput(raw: string): string {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return raw;
  return n < Limits.ageMin ? String(Limits.ageMin) : raw;
}

/** 'Must be at least 18 years old' / 'Invalid age' (18 to 120, whole years). */
export function ageError(raw: string | number): string | undefined {
  const text = String(raw).trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n)) return Messages.ageInvalid;
  if (n < Limits.ageMin) return Messages.ageMin;
  if (n > Limits.ageMax) return Messages.ageInvalid;
  return undefined;
}

export const TEXT_FIELDS = ['firstName', 'bio', 'location', 'dietaryPreferences', 'sleepHabits', 'politicalViews'] as const;
export const OPTION_FIELDS = [
  'airline',
  'position',
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
  latitude: string | null;
  longitude: string | null;
};

export function formFromProfile(p: MyProfile): EditForm {
  const form = { age: p.age == null ? '' : String(p.age) } as EditForm;
  for (const f of TEXT_FIELDS) form[f] = p[f] ?? '';
  for (const f of OPTION_FIELDS) form[f] = p[f] ?? '';
  form.distancePreference = p.distancePreference == null ? '' : String(p.distancePreference);
  form.languagesSpoken = (p.languagesSpoken ?? []).join(', ');
  form.latitude = p.latitude;
  form.longitude = p.longitude;
  return form;
}

export type EditErrors = Partial<Record<'firstName' | 'age', string>>;

export function validateEditForm(form: EditForm): EditErrors {
  const errors: EditErrors = {};
  if (!form.firstName.trim()) errors.firstName = Messages.firstNameRequired;
  const age = ageError(form.age);
  if (age) errors.age = age;
  return errors;
}

const languagesOf = (text: string) =>
  text
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);

/** Only what changed, in the server's types ('' → null for options, numbers for age/distance). */
export function changedFields(form: EditForm, original: MyProfile): Record<string, unknown> {
  const before = formFromProfile(original);
  const patch: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) if (form[f].trim() !== before[f].trim()) patch[f] = form[f].trim();
  for (const f of OPTION_FIELDS) if (form[f] !== before[f]) patch[f] = form[f] || null;
  if (form.age.trim() !== before.age) patch.age = Number(form.age);
  if (form.distancePreference !== before.distancePreference) patch.distancePreference = form.distancePreference ? Number(form.distancePreference) : null;
  if (languagesOf(form.languagesSpoken).join(',') !== languagesOf(before.languagesSpoken).join(',')) patch.languagesSpoken = languagesOf(form.languagesSpoken);
  if (form.latitude !== before.latitude || form.longitude !== before.longitude || 'location' in patch) {
    patch.latitude = form.latitude;
    patch.longitude = form.longitude;
  }
  // airline and position belong to airline staff only
  if (!isAirline(original.userType)) {
    delete patch.airline;
    delete patch.position;
  }
  return patch;
}

export interface ProfileRow {
  label: string;
  value: string;
}

export interface ProfileSection {
  title: 'Lifestyle' | 'Relationships' | 'Beliefs';
  rows: ProfileRow[];
}

const rows = (p: MyProfile, spec: [string, keyof MyProfile][], label: (v: string) => string): ProfileRow[] =>
  spec.flatMap(([name, key]) => {
    const v = p[key];
    if (Array.isArray(v)) return v.length ? [{ label: name, value: v.join(', ') }] : [];
    return typeof v === 'string' && v.trim() ? [{ label: name, value: label(v) }] : [];
  });

/** The lifestyle, relationships and beliefs sections of the view mode (only filled rows; empty sections left out). */
export function profileSections(p: MyProfile, label: (v: string) => string): ProfileSection[] {
  const sections: ProfileSection[] = [
    {
      title: 'Lifestyle',
      rows: rows(
        p,
        [
          ['Drinking', 'drinkingHabits'],
          ['Smoking', 'smokingHabits'],
          ['Cannabis', 'drugsCannabisCUse'],
          ['Diet', 'dietaryPreferences'],
          ['Pets', 'pets'],
          ['Exercise', 'exerciseHabits'],
          ['Sleep', 'sleepHabits'],
        ],
        label,
      ),
    },
    {
      title: 'Relationships',
      rows: rows(
        p,
        [
          ['Gender', 'gender'],
          ['Interested in', 'interestedIn'],
          ['Relationship type', 'relationshipType'],
          ['Looking for', 'lookingFor'],
        ],
        label,
      ),
    },
    {
      title: 'Beliefs',
      rows: rows(
        p,
        [
          ['Religion', 'religion'],
          ['Politics', 'politicalViews'],
          ['Ethnicity', 'ethnicity'],
          ['Zodiac', 'zodiacSign'],
          ['Languages', 'languagesSpoken'],
        ],
        label,
      ),
    },
  ];
  return sections.filter((s) => s.rows.length > 0);
}

/** The main photo: the stored one when it is among the photos, else the first. */
export function mainPhotoOf(p: Pick<MyProfile, 'photos' | 'mainPhoto'>): string | null {
  if (p.mainPhoto && p.photos.includes(p.mainPhoto)) return p.mainPhoto;
  return p.photos[0] ?? null;
}
