import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A banned (for ever: 'infinity') or suspended member is in nobody's deck, match list or who viewed me until then. */
export class AddCandidateRestriction1764800000100 implements MigrationInterface {
  name = 'AddCandidateRestriction1764800000100';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates ADD COLUMN restricted_until timestamptz');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN restricted_until');
  }
}
