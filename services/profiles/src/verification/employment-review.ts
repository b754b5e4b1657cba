import type { VerificationStatus } from '@aero/contracts';
import type { Profile } from '../profiles/profile.js';
import type { DocumentStatus } from './verification-document.js';

/** what the member's newest document says; a superseded one counts as none (a new one is needed) */
export const reviewStatusOf = (latest: { status: DocumentStatus } | null): VerificationStatus => (!latest || latest.status === 'superseded' ? 'none' : latest.status);

/**
 * The review as the one rule of who pays reads it (`EmploymentReviewView.standing`): a document
 * under review lets an airline member in as staff the first time only; one sent again after a
 * rejection counts as that rejection until it is approved.
 */
export const standingOf = (latest: { status: DocumentStatus } | null, previous: { status: DocumentStatus } | null): VerificationStatus =>
  latest?.status === 'pending' && previous?.status === 'rejected' ? 'rejected' : reviewStatusOf(latest);

/**
 * Keeps the profile's copy of the review's standing (what discovery decides who pays by): the
 * badge shows exactly while a document is approved.
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
