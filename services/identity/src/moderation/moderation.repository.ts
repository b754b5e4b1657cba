import { Transactions } from '@aero/common';
import type { CaseReportView, ReportedMessageView, ReportReason } from '@aero/contracts';
import { Injectable } from '@nestjs/common';

export type CaseStatus = 'open' | 'dismissed' | 'warned' | 'suspended' | 'banned';

export interface NewReport {
  id: string;
  caseId: string;
  reporterId: string | null;
  reason: ReportReason;
  details: string | null;
  messages: ReportedMessageView[];
}

export interface OpenCaseRow {
  id: string;
  reportedId: string;
  reportedEmail: string | null;
  bannedAt: Date | null;
  suspendedUntil: Date | null;
  createdAt: Date;
  reporterCount: number;
  reports: CaseReportView[];
  messages: ReportedMessageView[];
}

interface OpenCaseRecord {
  id: string;
  reported_id: string;
  email: string | null;
  banned_at: Date | null;
  suspended_until: Date | null;
  created_at: Date;
  reporter_count: number;
  reports: { reason: ReportReason; details: string | null; automatic: boolean; createdAt: string; messages: ReportedMessageView[] }[];
}

/** whether the account `id` (a column) no longer exists */
const GONE = (id: string) => `NOT EXISTS (SELECT 1 FROM identity.accounts a WHERE a.id = ${id})`;

/** The only place that touches the database for reports, cases and banned emails. */
@Injectable()
export class ModerationRepository {
  constructor(private readonly db: Transactions) {}

  /** the reported member's open case, opened now when there is none (one open case per member), with their address (kept, if the account goes, until the case is decided) */
  async openCaseFor(reportedId: string, reportedEmail: string, newId: string): Promise<string> {
    await this.db.manager.query(
      `INSERT INTO identity.moderation_cases (id, reported_id, reported_email) VALUES ($1, $2, $3) ON CONFLICT (reported_id) WHERE status = 'open' DO NOTHING`,
      [newId, reportedId, reportedEmail],
    );
    const [row]: { id: string }[] = await this.db.manager.query(`SELECT id FROM identity.moderation_cases WHERE reported_id = $1 AND status = 'open'`, [reportedId]);
    return row!.id;
  }

  async addReport(r: NewReport) {
    await this.db.manager.query(
      `INSERT INTO identity.reports (id, case_id, reporter_id, reason, details, messages) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [r.id, r.caseId, r.reporterId, r.reason, r.details, JSON.stringify(r.messages)],
    );
  }

  /** open cases: most distinct reporters first, then the oldest; each with its reports in order */
  async listOpen(limit: number): Promise<OpenCaseRow[]> {
    const rows: OpenCaseRecord[] = await this.db.manager.query(
      `SELECT c.id, c.reported_id, c.created_at, coalesce(a.email, c.reported_email) AS email, a.banned_at, a.suspended_until,
              count(DISTINCT r.reporter_id)::int AS reporter_count,
              json_agg(json_build_object('reason', r.reason, 'details', r.details, 'automatic', r.reporter_id IS NULL, 'createdAt', r.created_at, 'messages', r.messages) ORDER BY r.created_at) AS reports
       FROM identity.moderation_cases c
       JOIN identity.reports r ON r.case_id = c.id
       LEFT JOIN identity.accounts a ON a.id = c.reported_id
       WHERE c.status = 'open'
       GROUP BY c.id, a.id
       ORDER BY reporter_count DESC, c.created_at ASC
       LIMIT $1`,
      [limit],
    );
    return rows.map((r) => {
      const messages = new Map<string, ReportedMessageView>();
      for (const report of r.reports) for (const m of report.messages) messages.set(m.id, m);
      return {
        id: r.id,
        reportedId: r.reported_id,
        reportedEmail: r.email,
        bannedAt: r.banned_at,
        suspendedUntil: r.suspended_until,
        createdAt: r.created_at,
        reporterCount: r.reporter_count,
        reports: r.reports.map(({ reason, details, automatic, createdAt }) => ({ reason, details, automatic, createdAt: new Date(createdAt).toISOString() })),
        messages: [...messages.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      };
    });
  }

  /** locks the case for the rest of the transaction (one decision) */
  async findCaseForUpdate(caseId: string): Promise<{ id: string; reportedId: string; reportedEmail: string | null; status: CaseStatus } | null> {
    const [row]: { id: string; reported_id: string; reported_email: string | null; status: CaseStatus }[] = await this.db.manager.query(
      `SELECT id, reported_id, reported_email, status FROM identity.moderation_cases WHERE id = $1 FOR UPDATE`,
      [caseId],
    );
    return row ? { id: row.id, reportedId: row.reported_id, reportedEmail: row.reported_email, status: row.status } : null;
  }

  /**
   * Decides the case (locked: `findCaseForUpdate`). It keeps the reported address no longer (a ban put
   * it on the banned list), nor the reports about or by a deleted account: the privacy policy keeps
   * them only until the decision (`forgetDecidedReportsOf` forgets them for an account deleted later).
   */
  async decide(caseId: string, status: Exclude<CaseStatus, 'open'>, adminId: string) {
    await this.db.manager.query(`UPDATE identity.moderation_cases SET status = $2, decided_by = $3, decided_at = clock_timestamp(), reported_email = NULL WHERE id = $1`, [
      caseId,
      status,
      adminId,
    ]);
    await this.db.manager.query(
      `DELETE FROM identity.reports r USING identity.moderation_cases c
       WHERE r.case_id = $1 AND c.id = r.case_id AND (${GONE('c.reported_id')} OR (r.reporter_id IS NOT NULL AND ${GONE('r.reporter_id')}))`,
      [caseId],
    );
  }

  /**
   * The member's account was deleted: the reports about them and by them in decided cases go (those
   * of open cases wait for the decision, `decide`); the cases stay, as the audit log names them. The
   * cases are locked first, so a decision under way is waited for, then seen.
   */
  async forgetDecidedReportsOf(userId: string) {
    await this.db.manager.query(
      `SELECT 1 FROM identity.moderation_cases c
       WHERE c.reported_id = $1 OR EXISTS (SELECT 1 FROM identity.reports r WHERE r.case_id = c.id AND r.reporter_id = $1)
       ORDER BY c.id FOR UPDATE`,
      [userId],
    );
    await this.db.manager.query(
      `DELETE FROM identity.reports r USING identity.moderation_cases c
       WHERE c.id = r.case_id AND c.status <> 'open' AND (c.reported_id = $1 OR r.reporter_id = $1)`,
      [userId],
    );
  }

  /** bans the address for good (a suspension kept for it becomes the ban) */
  async banEmail(email: string) {
    await this.db.manager.query(`INSERT INTO identity.banned_emails (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET until = NULL`, [email.toLowerCase()]);
  }

  /**
   * Keeps the address of an account deleted while suspended until the suspension ends (`until`):
   * deleting the account and signing up again does not end it early. A ban kept for the address
   * stays; the suspensions kept that have ended by `now` are forgotten.
   */
  async keepSuspendedEmail(email: string, until: Date, now: Date) {
    await this.db.manager.query(`DELETE FROM identity.banned_emails WHERE until <= $1`, [now]);
    await this.db.manager.query(
      `INSERT INTO identity.banned_emails (email, until) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET until = EXCLUDED.until WHERE banned_emails.until IS NOT NULL AND banned_emails.until < EXCLUDED.until`,
      [email.toLowerCase(), until],
    );
  }

  /** whether the address may not have an account at `now`: banned, or kept for a suspension not ended yet */
  async isEmailBarred(email: string, now: Date): Promise<boolean> {
    const rows = await this.db.manager.query(`SELECT 1 FROM identity.banned_emails WHERE email = $1 AND (until IS NULL OR until > $2)`, [email.toLowerCase(), now]);
    return rows.length > 0;
  }
}
