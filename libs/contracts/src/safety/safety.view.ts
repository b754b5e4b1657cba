import type { VerificationStatus } from '../options.js';

// Trust and safety, the browser-safe part: report reasons, moderation actions, the moderators'
// views of open cases and of the audit log. A reported member never sees any of it.

/** why a member reports another (the report dialog's choices, in this order) */
export const REPORT_REASONS = ['fake_profile', 'harassment', 'inappropriate_photos', 'spam_scam', 'underage', 'safety_concern', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** whether a report for `reason` needs details: 'other' says nothing of what happened by itself */
export const reportNeedsDetails = (reason: unknown) => reason === 'other';

/** what a moderator does with an open case */
export const MODERATION_ACTIONS = ['dismiss', 'warn', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** every admin action the audit log records */
export const AUDIT_ACTIONS = [
  'case.dismissed',
  'case.warned',
  'case.suspended',
  'case.banned',
  'verification.approved',
  'verification.rejected',
  'verification.document-viewed',
  'discovery.rebuilt',
] as const;
/** the admin actions the gateway itself takes (the others are recorded where they happen, with their effect) */
export const GATEWAY_AUDIT_ACTIONS = ['verification.document-viewed', 'discovery.rebuilt'] as const satisfies readonly (typeof AUDIT_ACTIONS)[number][];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** a member's standing: banned for good, or suspended until a moment */
export type Restriction = { kind: 'banned'; until: null } | { kind: 'suspended'; until: string };

/** a message the reporter attached, as it was when reported (the conversation may close since) */
export interface ReportedMessageView {
  id: string;
  /** sent by the reported member (else by the reporter) */
  fromReported: boolean;
  messageType: 'text' | 'voice' | 'photo';
  content: string;
  createdAt: string;
}

/** one report of a case: never who made it */
export interface CaseReportView {
  reason: ReportReason;
  details: string | null;
  /** opened by the app itself (repeated messages sent after an 'Are you sure?') */
  automatic: boolean;
  createdAt: string;
}

/** an open case of the moderation queue (GET /api/admin/reports) */
export interface ModerationCaseView {
  id: string;
  createdAt: string;
  /** distinct members who reported (automatic reports not counted) */
  reporterCount: number;
  reports: CaseReportView[];
  /** only the messages reporters attached */
  messages: ReportedMessageView[];
  reportedUser: {
    id: string;
    email: string | null;
    firstName: string | null;
    age: number | null;
    bio: string | null;
    airline: string | null;
    position: string | null;
    photos: string[];
    mainPhoto: string | null;
    verified: boolean;
    verificationStatus: VerificationStatus;
    restriction: Restriction | null;
  };
}

/** one line of the append-only audit log (GET /api/admin/audit), newest first */
export interface AuditEntryView {
  id: string;
  action: AuditAction;
  adminId: string;
  adminEmail: string | null;
  targetUserId: string | null;
  targetEmail: string | null;
  /** the case or document acted on */
  subjectId: string | null;
  reason: string | null;
  /** e.g. the end of a suspension */
  details: Record<string, string | number | boolean | null>;
  createdAt: string;
}

/** an open case as identity keeps it (the gateway joins the reported member's profile in) */
export interface ModerationCaseRecord {
  id: string;
  reportedId: string;
  reportedEmail: string | null;
  restriction: Restriction | null;
  createdAt: string;
  reporterCount: number;
  reports: CaseReportView[];
  messages: ReportedMessageView[];
}

/** what a moderation action did */
export interface ModerationOutcome {
  caseId: string;
  userId: string;
  status: 'dismissed' | 'warned' | 'suspended' | 'banned';
  /** the member's sessions must end (ban, suspension) */
  endSessions: boolean;
  restriction: Restriction | null;
}
