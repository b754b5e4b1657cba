import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The deck on a layover reads only the first cards of each part of "here" (issue 17's goal, p95
 * ≤ 10 ms at 1M profiles and 100k layovers):
 * - `layovers_where_when`: the layovers at a place (a box around its city's centre) during a window;
 *   they are read most recently active member first, by `member_active_at`: the member's
 *   `candidates.last_active_at`, kept equal to it by triggers (a layover saved reads it, a
 *   candidate inserted or touched writes it), so the deck sorts these narrow rows and reads only
 *   the first members' candidate rows;
 * - `candidates_based_crew_active`: the verified crew based at an airport, most recently active
 *   first (it replaces `candidates_based_crew`, which made the deck read them all to sort them);
 * - `candidates_boosted`: the members boosted now, whom the deck puts first.
 */
export class AddLayoverDeckIndexes1764920000000 implements MigrationInterface {
  name = 'AddLayoverDeckIndexes1764920000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE discovery.layovers ADD COLUMN member_active_at timestamptz NOT NULL DEFAULT '-infinity'`);
    await q.query(`CREATE FUNCTION discovery.layover_member_active_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.member_active_at := coalesce((SELECT last_active_at FROM discovery.candidates WHERE user_id = NEW.user_id), '-infinity');
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER layovers_member_active_at BEFORE INSERT OR UPDATE ON discovery.layovers
      FOR EACH ROW EXECUTE FUNCTION discovery.layover_member_active_at()`);
    await q.query(`CREATE FUNCTION discovery.candidate_active_at_to_layover() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE discovery.layovers SET member_active_at = NEW.last_active_at WHERE user_id = NEW.user_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER candidates_active_at_to_layover AFTER INSERT OR UPDATE OF last_active_at ON discovery.candidates
      FOR EACH ROW EXECUTE FUNCTION discovery.candidate_active_at_to_layover()`);
    await q.query('UPDATE discovery.layovers SET member_active_at = DEFAULT'); // the trigger sets each from its candidate
    await q.query(`CREATE INDEX layovers_where_when ON discovery.layovers USING gist (point(lng, lat), tstzrange(arrives_at, departs_at))`);
    await q.query('DROP INDEX discovery.layovers_place');
    await q.query(`CREATE INDEX candidates_based_crew_active ON discovery.candidates (base_airport, last_active_at DESC)
      WHERE base_airport IS NOT NULL AND user_type = 'airline' AND verification = 'approved'`);
    await q.query('DROP INDEX discovery.candidates_based_crew');
    await q.query('CREATE INDEX candidates_boosted ON discovery.candidates (boost_until) WHERE boost_until IS NOT NULL');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX discovery.candidates_boosted');
    await q.query(`CREATE INDEX candidates_based_crew ON discovery.candidates (base_airport, gender, age) WHERE base_airport IS NOT NULL AND user_type = 'airline' AND verification = 'approved'`);
    await q.query('DROP INDEX discovery.candidates_based_crew_active');
    await q.query('CREATE INDEX layovers_place ON discovery.layovers (lat, lng, departs_at)');
    await q.query('DROP INDEX discovery.layovers_where_when');
    await q.query('DROP TRIGGER candidates_active_at_to_layover ON discovery.candidates');
    await q.query('DROP FUNCTION discovery.candidate_active_at_to_layover()');
    await q.query('DROP TRIGGER layovers_member_active_at ON discovery.layovers');
    await q.query('DROP FUNCTION discovery.layover_member_active_at()');
    await q.query('ALTER TABLE discovery.layovers DROP COLUMN member_active_at');
  }
}
