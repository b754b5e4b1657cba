import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What decided cases kept beyond the privacy policy before it was enforced
 * (ModerationRepository.decide, forgetDecidedReportsOf): the reported addresses, and the reports
 * about or by accounts deleted since. Removed, they cannot be put back: `down` does nothing.
 */
export class ForgetDecidedCaseData1766900000000 implements MigrationInterface {
  name = 'ForgetDecidedCaseData1766900000000';

  async up(q: QueryRunner) {
    await q.query(`UPDATE identity.moderation_cases SET reported_email = NULL WHERE status <> 'open' AND reported_email IS NOT NULL`);
    await q.query(
      `DELETE FROM identity.reports r USING identity.moderation_cases c
       WHERE c.id = r.case_id AND c.status <> 'open'
         AND (NOT EXISTS (SELECT 1 FROM identity.accounts a WHERE a.id = c.reported_id)
              OR (r.reporter_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM identity.accounts a WHERE a.id = r.reporter_id)))`,
    );
  }

  async down() {}
}
