import { Limits, REPORT_REASONS, type ReportReason } from '@aero/contracts/shared';
import { type MessageKey, text, type Text } from '../../../i18n/message-key';

// The report form's rules (pure): a reason is required, details are optional and at most
// Limits.reportDetailsMaxChars, attached messages are the reporter's choice, and blocking is on
// unless turned off.

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

/** the first problem of the draft, or null when it can be sent */
export function reportProblem(draft: ReportDraft): Text | null {
  if (!draft.reason || !REPORT_REASONS.includes(draft.reason)) return text('safety.error.reportReasonRequired');
  if (draft.details.trim().length > Limits.reportDetailsMaxChars) return text('safety.error.reportDetailsTooLong');
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
