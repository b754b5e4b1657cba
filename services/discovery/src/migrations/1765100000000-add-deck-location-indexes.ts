import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home deck reads the nearest members first and widens only when they are too few (see
 * CandidateRepository.deck), instead of reading every member who fits anywhere to sort them:
 * - `candidates_where`: members by their cell, for a box around the member;
 * - `candidates_active`: members most recently active first, for those beyond the last band;
 * - `candidates_unplaced`: the same for members without a position (no distance band).
 * The deck is a short query that many members run at once: a parallel plan for it spends more
 * starting its workers than it saves (a worker is a process), so the table has none.
 */
export class AddDeckLocationIndexes1765100000000 implements MigrationInterface {
  name = 'AddDeckLocationIndexes1765100000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE INDEX candidates_where ON discovery.candidates USING gist (point(cell_lng, cell_lat)) WHERE profile_completed AND user_type IS NOT NULL`);
    await q.query(`CREATE INDEX candidates_active ON discovery.candidates (last_active_at DESC, user_id) WHERE profile_completed AND user_type IS NOT NULL`);
    await q.query(`CREATE INDEX candidates_unplaced ON discovery.candidates (last_active_at DESC, user_id) WHERE cell_lat IS NULL AND profile_completed AND user_type IS NOT NULL`);
    await q.query('ALTER TABLE discovery.candidates SET (parallel_workers = 0)');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE discovery.candidates RESET (parallel_workers)');
    await q.query('DROP INDEX discovery.candidates_unplaced');
    await q.query('DROP INDEX discovery.candidates_active');
    await q.query('DROP INDEX discovery.candidates_where');
  }
}
