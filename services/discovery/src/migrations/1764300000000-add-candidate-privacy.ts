import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The privacy settings discovery applies (from profiles.settings.changed), by revision. */
export class AddCandidatePrivacy1764300000000 implements MigrationInterface {
  name = 'AddCandidatePrivacy1764300000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE discovery.candidates
      ADD COLUMN visibility text NOT NULL DEFAULT 'everyone' CHECK (visibility IN ('everyone', 'verified-only', 'hidden')),
      ADD COLUMN show_age boolean NOT NULL DEFAULT true,
      ADD COLUMN show_distance boolean NOT NULL DEFAULT true,
      ADD COLUMN settings_revision int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN visibility, DROP COLUMN show_age, DROP COLUMN show_distance, DROP COLUMN settings_revision');
  }
}
