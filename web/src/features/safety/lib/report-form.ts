import { Limits, REPORT_REASONS, type ReportReason, reportNeedsDetails } from '@aero/contracts/shared';
import { type MessageKey, text, type Text } from '../../../i18n/message-key';

// The report form's rules (pure): a reason is required, details are at most
// Limits.reportDetailsMaxChars and required only for 'other' (the reason alone says nothing of what
// happened), attached messages are the reporter's choice, and blocking is on unless turned off.

export interface ReportDraft {
  reason: ReportReason | null;
  details: string;
  messageIds: readonly string[];
  block: boolean;
}

export const emptyReport = (): ReportDraft => ({ reason: null, details: '', messageIds: [], block: true });

/** a reason's label: 'not airline staff' is said of a member who presents themselves as airline staff only */
export const reasonLabel = (reason: ReportReason, airlineStaff: boolean): MessageKey =>
  reason === 'fake_profile' && !airlineStaff ? 'safety.reason.fake_profile_general' : `safety.reason.${reason}`;

/** the first problem of the draft and the field it is in, or null when it can be sent */
export function reportProblem(draft: ReportDraft): { field: 'reason' | 'details'; text: Text } | null {
  if (!draft.reason || !REPORT_REASONS.includes(draft.reason)) return { field: 'reason', text: text('safety.error.reportReasonRequired') };
  const details = draft.details.trim();
  if (!details && reportNeedsDetails(draft.reason)) return { field: 'details', text: text('safety.error.reportDetailsRequired') };
  if (details.length > Limits.reportDetailsMaxChars) return { field: 'details', text: text('safety.error.reportDetailsTooLong') };
  return null;
}

/** the body of POST /api/reports */
export function reportBody(userId: string, draft: ReportDraft) {
  const details = draft.details.trim();
  return {
    userId,
    reason: draft.reason as ReportReason,
    ...(details ? { details } : {}),
    ...(draft.messageIds.length ? { messageIds: draft.messageIds.slice(0, Limits.reportMaxMessages) } : {}),
    block: draft.block,
  };
}

/** attach or detach one message */
export const toggleMessage = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
