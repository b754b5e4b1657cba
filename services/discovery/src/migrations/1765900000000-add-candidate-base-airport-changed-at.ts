import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each member's base airport was last set (a profile event that changes it; a member's first
 * profile counts as a change). A member's home deck shows a visitor's layover at their base only
 * when the base was set before the layover was declared (`layovers.created_at`), so moving one's
 * base from airport to airport finds nobody's current layover. The bases of the members already
 * there count as set before any layover ('-infinity'): nobody learns more by it than before.
 */
export class AddCandidateBaseAirportChangedAt1765900000000 implements MigrationInterface {
  name = 'AddCandidateBaseAirportChangedAt1765900000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE discovery.candidates ADD COLUMN base_airport_changed_at timestamptz NOT NULL DEFAULT '-infinity'`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN base_airport_changed_at');
  }
}
