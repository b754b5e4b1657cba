import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The account's revision, carried by its events so consumers can ignore a late older one. */
export class AddAccountsRevision1764200000000 implements MigrationInterface {
  name = 'AddAccountsRevision1764200000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts ADD COLUMN revision int NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts DROP COLUMN revision');
  }
}
