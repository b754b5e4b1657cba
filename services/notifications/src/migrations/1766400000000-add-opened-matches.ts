import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The new matches a member opened (their empty conversation) before the match was heard here: its
 * event comes by another consumer than the opening's, so the match can be heard after it. The
 * match's notification is then stored read, and the row goes. An ended match's rows go with its
 * end, a deleted account's with the account.
 */
export class AddOpenedMatches1766400000000 implements MigrationInterface {
  name = 'AddOpenedMatches1766400000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE notifications.opened_matches (match_id uuid NOT NULL, user_id uuid NOT NULL, other_user_id uuid NOT NULL, opened_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (match_id, user_id))');
    await q.query('CREATE INDEX opened_matches_user_id ON notifications.opened_matches (user_id)');
    await q.query('CREATE INDEX opened_matches_other_user_id ON notifications.opened_matches (other_user_id)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.opened_matches');
  }
}
