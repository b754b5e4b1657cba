import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The member's base airport (IATA code), shown on cards as 'Based at DEN'. */
export class AddProfilesBaseAirport1764910000000 implements MigrationInterface {
  name = 'AddProfilesBaseAirport1764910000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.profiles ADD COLUMN base_airport text NULL');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.profiles DROP COLUMN base_airport');
  }
}
