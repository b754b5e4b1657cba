import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Layovers (beyond spec): at most one per member that is not over, a city's centre (never a
 * hotel or an address), the window as instants and as wall-clock times of the city's zone, and
 * the airports whose members count as there. The deck finds overlapping layovers by place
 * (`layovers_place`), the crew based there (`candidates_based_crew`) and, for members based at an
 * airport, the layovers near it (`layovers_nearby`).
 * Candidates gain the base airport (the filter, members based there) and the privacy setting
 * `hideFromOwnAirline`.
 */
export class CreateLayovers1764910000000 implements MigrationInterface {
  name = 'CreateLayovers1764910000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE discovery.candidates
      ADD COLUMN base_airport text NULL,
      ADD COLUMN hide_own_airline boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE discovery.candidates SET base_airport = profile->>'baseAirport' WHERE profile->>'baseAirport' IS NOT NULL`);
    // the verified crew based at an airport, by the deck's first conditions (a layover's deck reads them)
    await q.query(`CREATE INDEX candidates_based_crew ON discovery.candidates (base_airport, gender, age) WHERE base_airport IS NOT NULL AND user_type = 'airline' AND verification = 'approved'`);
    await q.query(`CREATE TABLE discovery.layovers (
      user_id uuid PRIMARY KEY,
      label text NOT NULL,
      city text NOT NULL,
      state text NOT NULL,
      airport text NULL,
      lat double precision NOT NULL,
      lng double precision NOT NULL,
      time_zone text NOT NULL,
      arrives_at timestamptz NOT NULL,
      departs_at timestamptz NOT NULL,
      local_arrives_at text NOT NULL,
      local_departs_at text NOT NULL,
      nights int NOT NULL,
      verified_only boolean NOT NULL DEFAULT false,
      nearby_airports text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (arrives_at < departs_at)
    )`);
    await q.query(`CREATE INDEX layovers_place ON discovery.layovers (lat, lng, departs_at)`);
    await q.query(`CREATE INDEX layovers_nearby ON discovery.layovers USING gin (nearby_airports)`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE discovery.layovers');
    await q.query('DROP INDEX discovery.candidates_based_crew');
    await q.query('ALTER TABLE discovery.candidates DROP COLUMN base_airport, DROP COLUMN hide_own_airline');
  }
}
