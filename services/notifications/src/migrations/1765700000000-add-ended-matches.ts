import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The matches that ended (unmatch or block), with their pair: a late match or
 * message notification of one (an event heard by another consumer after the end) stores nothing.
 * A deleted account's rows go with it.
 */
export class AddEndedMatches1765700000000 implements MigrationInterface {
  name = 'AddEndedMatches1765700000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE notifications.ended_matches (match_id uuid PRIMARY KEY, user_low uuid NOT NULL, user_high uuid NOT NULL, ended_at timestamptz NOT NULL DEFAULT now())');
    await q.query('CREATE INDEX ended_matches_user_low ON notifications.ended_matches (user_low)');
    await q.query('CREATE INDEX ended_matches_user_high ON notifications.ended_matches (user_high)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.ended_matches');
  }
}
