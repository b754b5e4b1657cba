import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The profile's revision, carried by its events so consumers can ignore a late older one. */
export class AddProfilesRevision1764200000000 implements MigrationInterface {
  name = 'AddProfilesRevision1764200000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.profiles ADD COLUMN revision int NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.profiles DROP COLUMN revision');
  }
}
