import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The likes taken back (undo), by pair, with when: a like event heard after its withdrawal (a
 * retried delivery, a replayed dead letter) stores no notification if it was made before.
 */
export class AddWithdrawnLikes1765400000000 implements MigrationInterface {
  name = 'AddWithdrawnLikes1765400000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE notifications.withdrawn_likes (user_id uuid NOT NULL, from_user_id uuid NOT NULL, withdrawn_at timestamptz NOT NULL, PRIMARY KEY (user_id, from_user_id))');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.withdrawn_likes');
  }
}
