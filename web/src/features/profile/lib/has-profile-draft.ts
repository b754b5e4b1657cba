import { readJson } from '../../../lib/storage';

// Where an Edit Profile draft is kept (profile-draft.ts), and whether there is one: all My Profile
// needs of it before the edit form (with the rest) has loaded.

export const profileDraftKey = (userId: string) => `aero.profile-draft.${userId}`;

export const hasProfileDraft = (userId: string): boolean => {
  const kept = readJson<unknown>(profileDraftKey(userId), 'session');
  return !!kept && typeof kept === 'object' && Object.keys(kept).length > 0;
};
