import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The highest profile and account revision the read model has applied (a late, older event is
 * ignored), and the members who left (no late event brings them back).
 */
export class AddCandidateRevisions1764200000000 implements MigrationInterface {
  name = 'AddCandidateRevisions1764200000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates ADD COLUMN profile_revision int NOT NULL DEFAULT 0, ADD COLUMN account_revision int NOT NULL DEFAULT 0');
    await q.query('CREATE TABLE discovery.departed_members (user_id uuid PRIMARY KEY, departed_at timestamptz NOT NULL DEFAULT now())');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE discovery.departed_members');
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN profile_revision, DROP COLUMN account_revision');
  }
}
