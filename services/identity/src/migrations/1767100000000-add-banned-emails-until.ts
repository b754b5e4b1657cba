import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The refused addresses get an end: NULL for a ban (for good), the suspension's end for the address
 * of an account deleted while suspended (ModerationRepository.keepSuspendedEmail).
 */
export class AddBannedEmailsUntil1767100000000 implements MigrationInterface {
  name = 'AddBannedEmailsUntil1767100000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.banned_emails ADD COLUMN until timestamptz');
  }

  async down(q: QueryRunner) {
    await q.query('DELETE FROM identity.banned_emails WHERE until IS NOT NULL');
    await q.query('ALTER TABLE identity.banned_emails DROP COLUMN until');
  }
}
