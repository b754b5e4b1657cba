import type { VerificationStatus } from '@aero/contracts/shared';

/** Employment verification in settings (spec §4): none or rejected allow upload; pending and approved are read-only. */
export type VerificationSectionMode = 'upload' | 'pending' | 'approved';

export function verificationSectionMode(status: VerificationStatus | string | undefined): VerificationSectionMode {
  if (status === 'pending') return 'pending';
  if (status === 'approved') return 'approved';
  return 'upload';
}
