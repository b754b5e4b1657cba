import type { VerificationStatus } from '@aero/contracts/shared';
import type { MessageKey } from '../../../i18n/message-key';

/**
 * What My Profile shows of an airline member's employment verification (spec §4 Employment
 * verification: pending 'Under Review' and approved are read-only, none or rejected may upload):
 * a badge ('Under Review', 'Verification rejected': the spec's words) and a line for each status
 * but approved (the verified badge says that), and whether a document may be uploaded (again).
 * Nothing while the status is not known.
 */
export function verificationBadge(status: VerificationStatus | undefined): { badge: MessageKey | null; text: MessageKey; upload: boolean } | null {
  switch (status) {
    case 'pending':
      return { badge: 'verification.pending', text: 'verification.pendingText', upload: false };
    case 'rejected':
      return { badge: 'activity.other.verificationRejected.title', text: 'verification.rejectedText', upload: true };
    case 'none':
      return { badge: null, text: 'verification.uploadHint', upload: true };
    default:
      return null;
  }
}
