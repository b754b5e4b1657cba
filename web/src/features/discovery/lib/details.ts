import type { CandidateView } from '@aero/contracts/shared';
import type { MessageKey } from '../../../i18n/message-key';
import type { OptionField } from '../../../i18n/options';

/** One line of the profile detail: its label and value (an option value is labelled by the screen). */
export interface DetailRow {
  label: MessageKey;
  value: string;
  field?: OptionField;
}

const OPTION_ROWS: [keyof CandidateView & OptionField, MessageKey][] = [
  ['lookingFor', 'profile.row.lookingFor'],
  ['relationshipType', 'profile.row.relationshipType'],
  ['drinkingHabits', 'profile.field.drinking'],
  ['smokingHabits', 'profile.field.smoking'],
  ['drugsCannabisCUse', 'profile.field.cannabis'],
  ['exerciseHabits', 'profile.field.exercise'],
  ['pets', 'profile.field.pets'],
  ['religion', 'profile.field.religion'],
  ['ethnicity', 'profile.field.ethnicity'],
  ['zodiacSign', 'profile.row.zodiac'],
];

const TEXT_ROWS: [keyof CandidateView, MessageKey][] = [
  ['dietaryPreferences', 'profile.row.diet'],
  ['sleepHabits', 'profile.row.sleep'],
  ['politicalViews', 'profile.row.politics'],
];

/** The filled-in details of a candidate, in the order the detail shows them. */
export function detailRows(c: CandidateView): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const [field, label] of OPTION_ROWS) {
    const value = c[field];
    if (typeof value === 'string' && value) rows.push({ label, value, field });
  }
  for (const [field, label] of TEXT_ROWS) {
    const value = c[field];
    if (typeof value === 'string' && value.trim()) rows.push({ label, value: value.trim() });
  }
  if (c.languagesSpoken?.length) rows.push({ label: 'profile.row.languages', value: c.languagesSpoken.join(', ') });
  return rows;
}
