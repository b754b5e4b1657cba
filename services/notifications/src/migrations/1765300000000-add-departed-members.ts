import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members who left (account deleted, or banned: a ban is final): a late event naming one of
 * them (a like, match or message heard by another consumer, a profile change) stores nothing.
 */
export class AddDepartedMembers1765300000000 implements MigrationInterface {
  name = 'AddDepartedMembers1765300000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE notifications.departed_members (user_id uuid PRIMARY KEY, departed_at timestamptz NOT NULL DEFAULT now())');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.departed_members');
  }
}
