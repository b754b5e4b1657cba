import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The account mirrors billing's subscription: its end and the revision of the last change applied. */
export class AddAccountsSubscriptionMirror1764700000000 implements MigrationInterface {
  name = 'AddAccountsSubscriptionMirror1764700000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts ADD COLUMN subscription_expires_at timestamptz, ADD COLUMN subscription_revision int NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts DROP COLUMN subscription_expires_at, DROP COLUMN subscription_revision');
  }
}
