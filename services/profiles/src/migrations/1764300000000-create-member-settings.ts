import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The settings the server enforces (privacy, notifications), one row per member, with its revision. */
export class CreateMemberSettings1764300000000 implements MigrationInterface {
  name = 'CreateMemberSettings1764300000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE profiles.member_settings (
      user_id uuid PRIMARY KEY,
      settings jsonb NOT NULL,
      revision int NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE profiles.member_settings');
  }
}
