import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trust and safety: members' reports grouped into one open case per reported member, the
 * moderators' decisions, bans and suspensions on the account, banned emails (never signing up
 * again), and the append-only audit log of every admin action (a trigger refuses changes).
 */
export class CreateModeration1764800000100 implements MigrationInterface {
  name = 'CreateModeration1764800000100';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts ADD COLUMN banned_at timestamptz, ADD COLUMN suspended_until timestamptz');
    await q.query(`CREATE TABLE identity.banned_emails (
      email text PRIMARY KEY,
      banned_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE identity.moderation_cases (
      id uuid PRIMARY KEY,
      reported_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'warned', 'suspended', 'banned')),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      decided_at timestamptz,
      decided_by uuid
    )`);
    await q.query(`CREATE UNIQUE INDEX moderation_cases_one_open ON identity.moderation_cases (reported_id) WHERE status = 'open'`);
    await q.query(`CREATE TABLE identity.reports (
      id uuid PRIMARY KEY,
      case_id uuid NOT NULL REFERENCES identity.moderation_cases (id),
      reporter_id uuid,
      reason text NOT NULL,
      details text,
      messages jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await q.query('CREATE INDEX reports_by_case ON identity.reports (case_id)');
    await q.query(`CREATE TABLE identity.audit_log (
      seq bigserial UNIQUE,
      id uuid PRIMARY KEY,
      admin_id uuid NOT NULL,
      action text NOT NULL,
      target_user_id uuid,
      subject_id uuid,
      reason text,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await q.query(`CREATE FUNCTION identity.refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'identity.audit_log is append-only'; END $$`);
    await q.query('CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON identity.audit_log FOR EACH ROW EXECUTE FUNCTION identity.refuse_audit_change()');
    await q.query('CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON identity.audit_log FOR EACH STATEMENT EXECUTE FUNCTION identity.refuse_audit_change()');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE identity.audit_log');
    await q.query('DROP FUNCTION identity.refuse_audit_change()');
    await q.query('DROP TABLE identity.reports');
    await q.query('DROP TABLE identity.moderation_cases');
    await q.query('DROP TABLE identity.banned_emails');
    await q.query('ALTER TABLE identity.accounts DROP COLUMN banned_at, DROP COLUMN suspended_until');
  }
}
