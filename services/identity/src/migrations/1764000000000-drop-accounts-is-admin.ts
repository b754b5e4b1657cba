import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Admin rights follow ADMIN_EMAILS on every request; a stored copy could only go stale. */
export class DropAccountsIsAdmin1764000000000 implements MigrationInterface {
  name = 'DropAccountsIsAdmin1764000000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts DROP COLUMN is_admin');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts ADD COLUMN is_admin boolean NOT NULL DEFAULT false');
  }
}
