import { Limits } from '@aero/contracts/shared';
import { text, type MessageKey, type Text } from '../../../i18n/message-key';
import type { OptionField as OptionList } from '../../../i18n/options';
import type { CurrentUser } from '../../../lib/current-user';

// My Profile's view mode (spec §2), as pure functions: no form library here, so the profile opens
// without it (the edit form's rules are profile-rules.ts).

/** 'Age not specified' when missing or under 18. */
export function ageText(age: number | null | undefined): Text | string {
  return typeof age !== 'number' || !Number.isFinite(age) || age < Limits.ageMin ? text('profile.ageNotSpecified') : String(age);
}

export interface ProfileRow {
  label: MessageKey;
  value: string;
  /** the option list the value comes from (its label is translated); free text otherwise */
  field?: OptionList;
}

export interface ProfileSection {
  title: 'Lifestyle' | 'Relationships' | 'Beliefs';
  titleKey: MessageKey;
  rows: ProfileRow[];
}

type RowSpec = [MessageKey, keyof CurrentUser & string, OptionList?];

const rows = (p: CurrentUser, spec: RowSpec[]): ProfileRow[] =>
  spec.flatMap(([label, key, field]) => {
    const v = p[key];
    if (Array.isArray(v)) return v.length ? [{ label, value: v.join(', ') }] : [];
    return typeof v === 'string' && v.trim() ? [{ label, value: v, ...(field ? { field } : {}) }] : [];
  });

/** The lifestyle, relationships and beliefs sections of the view mode (only filled rows; empty sections left out). */
export function profileSections(p: CurrentUser): ProfileSection[] {
  const sections: ProfileSection[] = [
    {
      title: 'Lifestyle',
      titleKey: 'profile.section.lifestyle',
      rows: rows(p, [
        ['profile.field.drinking', 'drinkingHabits', 'drinkingHabits'],
        ['profile.field.smoking', 'smokingHabits', 'smokingHabits'],
        ['profile.field.cannabis', 'drugsCannabisCUse', 'drugsCannabisCUse'],
        ['profile.row.diet', 'dietaryPreferences'],
        ['profile.field.pets', 'pets', 'pets'],
        ['profile.field.exercise', 'exerciseHabits', 'exerciseHabits'],
        ['profile.row.sleep', 'sleepHabits'],
      ]),
    },
    {
      title: 'Relationships',
      titleKey: 'profile.section.relationships',
      rows: rows(p, [
        ['profile.field.gender', 'gender', 'gender'],
        ['profile.row.interestedIn', 'interestedIn', 'interestedIn'],
        ['profile.row.relationshipType', 'relationshipType', 'relationshipType'],
        ['profile.row.lookingFor', 'lookingFor', 'lookingFor'],
      ]),
    },
    {
      title: 'Beliefs',
      titleKey: 'profile.section.beliefs',
      rows: rows(p, [
        ['profile.field.religion', 'religion', 'religion'],
        ['profile.row.politics', 'politicalViews'],
        ['profile.field.ethnicity', 'ethnicity', 'ethnicity'],
        ['profile.row.zodiac', 'zodiacSign', 'zodiacSign'],
        ['profile.row.languages', 'languagesSpoken'],
      ]),
    },
  ];
  return sections.filter((s) => s.rows.length > 0);
}

