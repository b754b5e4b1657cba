import type { AuditAction, ErrorCode, ModerationAction, ReportReason, Restriction } from '@aero/contracts/shared';
import { type MessageKey, text, type Text } from '../../../i18n/message-key';

// The moderation queue's wording and small rules (pure): labels of actions, reasons and audit
// lines, the suspension lengths offered, and how a member's standing reads.

export const SUSPENSION_DAYS = [1, 3, 7, 30, 90, 365] as const;

export const ACTION_KEYS = {
  dismiss: { button: 'admin.moderation.dismiss', title: 'admin.moderation.dismissTitle' },
  warn: { button: 'admin.moderation.warn', title: 'admin.moderation.warnTitle' },
  suspend: { button: 'admin.moderation.suspend', title: 'admin.moderation.suspendTitle' },
  ban: { button: 'admin.moderation.ban', title: 'admin.moderation.banTitle' },
} as const satisfies Record<ModerationAction, { button: string; title: string }>;

/** the moderation's refusals the moderator reads in their language (any other answer shows as the server gave it) */
const REFUSALS: Readonly<Partial<Record<ErrorCode, MessageKey>>> = {
  case_not_found: 'safety.error.caseNotFound',
  case_decided: 'safety.error.caseDecided',
  cannot_moderate_self: 'safety.error.cannotModerateSelf',
  cannot_restrict_admin: 'safety.error.cannotRestrictAdmin',
  already_banned: 'safety.error.alreadyBanned',
};

/** the text of a refused moderation action from its code, or null when it is not one of the moderation's own */
export function moderationRefusal(error: unknown): MessageKey | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as ErrorCode]! : null;
}

/** a report reason's label */
export const reasonLabel = (reason: ReportReason) => `safety.reason.${reason}` as const;

export const AUDIT_LABELS = {
  'case.dismissed': 'admin.audit.action.dismissed',
  'case.warned': 'admin.audit.action.warned',
  'case.suspended': 'admin.audit.action.suspended',
  'case.banned': 'admin.audit.action.banned',
  'verification.approved': 'admin.audit.action.approved',
  'verification.rejected': 'admin.audit.action.rejected',
  'verification.document-viewed': 'admin.audit.action.documentViewed',
  'discovery.rebuilt': 'admin.audit.action.rebuilt',
} as const satisfies Record<AuditAction, string>;

/** how the member stands now: banned, suspended until a date, or in good standing */
export function standing(restriction: Restriction | null, formatDate: (iso: string) => string): Text {
  if (!restriction) return text('admin.reports.standing.good');
  if (restriction.kind === 'banned') return text('admin.reports.standing.banned');
  return text('admin.reports.standing.suspended', { until: formatDate(restriction.until) });
}

/** the reasons of a case, each once, most frequent first */
export function reasonCounts(reports: readonly { reason: ReportReason }[]): { reason: ReportReason; count: number }[] {
  const counts = new Map<ReportReason, number>();
  for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}
