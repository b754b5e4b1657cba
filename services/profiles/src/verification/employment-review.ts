import type { VerificationStatus } from '@aero/contracts';
import type { Profile } from '../profiles/profile.js';
import type { DocumentStatus } from './verification-document.js';

/** what the member's newest document says; a superseded one counts as none (a new one is needed) */
export const reviewStatusOf = (latest: { status: DocumentStatus } | null): VerificationStatus => (!latest || latest.status === 'superseded' ? 'none' : latest.status);

/**
 * Keeps the profile's copy of the review: the badge shows exactly while a document is approved.
 * True when it changed (the caller raises the revision and tells the other services).
 */
export function setVerification(profile: Profile, status: VerificationStatus): boolean {
  if (profile.verification === status && profile.verified === (status === 'approved')) return false;
  profile.verification = status;
  profile.verified = status === 'approved';
  return true;
}

/** an approved document proves the airline and position it was reviewed with: a change to either withdraws it */
export const employmentChanged = (before: Pick<Profile, 'airline' | 'position'>, after: Pick<Profile, 'airline' | 'position'>) =>
  before.airline !== after.airline || before.position !== after.position;
