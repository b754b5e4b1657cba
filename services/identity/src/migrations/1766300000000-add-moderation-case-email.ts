import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A case keeps the reported member's address from when it opened: a member who deletes the account
 * while reported can still be banned (the address goes on the banned list), and cannot sign up
 * again at once to start over.
 */
export class AddModerationCaseEmail1766300000000 implements MigrationInterface {
  name = 'AddModerationCaseEmail1766300000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.moderation_cases ADD COLUMN reported_email text NULL');
    await q.query(`UPDATE identity.moderation_cases c SET reported_email = a.email FROM identity.accounts a WHERE a.id = c.reported_id AND c.status = 'open'`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE identity.moderation_cases DROP COLUMN reported_email');
  }
}
