import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the one rule of who must pay needs besides type and subscription: the review of the
 * member's employment document (profile events) and when they registered (account events), and
 * `staff_access_until`, the end of their free use as airline staff, computed from both whenever
 * either changes, so the deck's SQL admits `subscription_status = 'active' OR staff_access_until > now`.
 *
 * Backfill, with what this table knows: the badge stands for an approved document (open-ended,
 * the contracts' far-future date); every other airline member counts as registered now, so they
 * get the full days to upload one from this release on (a document under review is not known
 * here yet). The owners' snapshots give the exact values: POST /api/admin/discovery/rebuild
 * re-applies them (the same revision is applied again).
 */
export class AddCandidateStaffAccess1764800000000 implements MigrationInterface {
  name = 'AddCandidateStaffAccess1764800000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE discovery.candidates
      ADD COLUMN verification text NOT NULL DEFAULT 'none' CHECK (verification IN ('none', 'pending', 'approved', 'rejected')),
      ADD COLUMN registered_at timestamptz NULL,
      ADD COLUMN staff_access_until timestamptz NULL`);
    await q.query(`UPDATE discovery.candidates SET verification = 'approved' WHERE coalesce((profile->>'verified')::boolean, false)`);
    await q.query('UPDATE discovery.candidates SET registered_at = now() WHERE user_type IS NOT NULL');
    await q.query(`UPDATE discovery.candidates
      SET staff_access_until = CASE WHEN verification = 'approved' THEN to_timestamp(8640000000000) ELSE registered_at + interval '7 days' END
      WHERE user_type IN ('airline', 'airline_employee')`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN verification, DROP COLUMN registered_at, DROP COLUMN staff_access_until');
  }
}
