import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each member's last boost started: a new boost starts only `ServerLimits.boostCooldownHours`
 * after it (boosts chained back to back kept a member first in every deck for good). Boosts from
 * before it have no start (null): they hold up nobody's next boost.
 */
export class AddCandidateBoostStartedAt1766000000000 implements MigrationInterface {
  name = 'AddCandidateBoostStartedAt1766000000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates ADD COLUMN boost_started_at timestamptz');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN boost_started_at');
  }
}
