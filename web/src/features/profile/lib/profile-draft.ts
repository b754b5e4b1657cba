import { readJson, removeKey, writeJson } from '../../../lib/storage';
import { storedPlace } from '../../../lib/stored-place';
import { profileDraftKey as draftKey } from './has-profile-draft';
import type { EditForm } from './profile-rules';

// What a member changed in Edit Profile and has not saved: kept in this tab's sessionStorage, as a
// conversation's unsent text is (features/chat), so that leaving the page (the navigation, Back)
// or reloading the tab loses none of it: My Profile opens in Edit Profile with it again. Save or
// Cancel ends it; a session's end empties it (lib/storage.ts). Only the fields changed are kept,
// so a field changed since on another device keeps that change. Photos picked and not saved are
// not kept (their files are the page's). My Profile asks whether there is one (has-profile-draft.ts)
// before the edit form, with this file, has loaded.

/** the fields of `form` that differ from `saved` (the form of the profile as saved): what the draft keeps */
export function draftOf(form: EditForm, saved: EditForm): Partial<EditForm> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(saved) as (keyof EditForm)[]) {
    if (Object.hasOwn(form, key) && JSON.stringify(form[key]) !== JSON.stringify(saved[key])) changed[key] = form[key];
  }
  return changed as Partial<EditForm>;
}

/** keeps the member's changes; none is no draft */
export function keepProfileDraft(userId: string, changes: Partial<EditForm>): void {
  if (Object.keys(changes).length) writeJson(draftKey(userId), changes, 'session');
  else removeKey(draftKey(userId), 'session');
}

export const forgetProfileDraft = (userId: string): void => removeKey(draftKey(userId), 'session');

/**
 * The form to edit: `saved` with the member's kept changes over it, each read back only if it is
 * still a field of the form and of its kind (text, or a place with its coordinates).
 */
export function withProfileDraft(userId: string, saved: EditForm): EditForm {
  const kept = readJson<Record<string, unknown>>(draftKey(userId), 'session');
  if (!kept || typeof kept !== 'object') return saved;
  const form: EditForm = { ...saved };
  for (const [key, value] of Object.entries(kept)) {
    if (key === 'place') form.place = storedPlace(value) ?? form.place;
    else if (Object.hasOwn(saved, key) && typeof value === 'string') (form as Record<string, unknown>)[key] = value;
  }
  return form;
}
