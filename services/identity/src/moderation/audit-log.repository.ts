import { Transactions } from '@aero/common';
import type { AuditAction, AuditEntryView } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

export interface NewAuditEntry {
  adminId: string;
  action: AuditAction;
  targetUserId: string | null;
  subjectId: string | null;
  reason: string | null;
  details?: AuditEntryView['details'];
}

interface AuditRecord {
  id: string;
  action: AuditAction;
  admin_id: string;
  admin_email: string | null;
  target_user_id: string | null;
  target_email: string | null;
  subject_id: string | null;
  reason: string | null;
  details: AuditEntryView['details'];
  created_at: Date;
}

/** The only place that touches the audit log: rows are only ever added (the table refuses changes). */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly db: Transactions) {}

  async append(e: NewAuditEntry) {
    await this.db.manager.query(
      `INSERT INTO identity.audit_log (id, admin_id, action, target_user_id, subject_id, reason, details) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [randomUUID(), e.adminId, e.action, e.targetUserId, e.subjectId, e.reason, JSON.stringify(e.details ?? {})],
    );
  }

  /** newest first, `limit` entries before the entry `beforeId` when given, with the emails of admin and member */
  async page(limit: number, beforeId?: string): Promise<AuditEntryView[]> {
    const rows: AuditRecord[] = await this.db.manager.query(
      `SELECT l.id, l.action, l.admin_id, ad.email AS admin_email, l.target_user_id, t.email AS target_email, l.subject_id, l.reason, l.details, l.created_at
       FROM identity.audit_log l
       LEFT JOIN identity.accounts ad ON ad.id = l.admin_id
       LEFT JOIN identity.accounts t ON t.id = l.target_user_id
       WHERE $2::uuid IS NULL OR l.seq < (SELECT seq FROM identity.audit_log WHERE id = $2)
       ORDER BY l.seq DESC LIMIT $1`,
      [limit, beforeId ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      adminId: r.admin_id,
      adminEmail: r.admin_email,
      targetUserId: r.target_user_id,
      targetEmail: r.target_email,
      subjectId: r.subject_id,
      reason: r.reason,
      details: r.details,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
