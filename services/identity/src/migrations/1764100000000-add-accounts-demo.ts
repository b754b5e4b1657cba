import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Demo crew accounts (single-node demo data) are marked, so they can be told apart and removed. */
export class AddAccountsDemo1764100000000 implements MigrationInterface {
  name = 'AddAccountsDemo1764100000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts ADD COLUMN demo boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts DROP COLUMN demo');
  }
}
