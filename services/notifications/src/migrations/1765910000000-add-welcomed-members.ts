import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members welcomed (one welcome an account, whatever its type changes before the profile is
 * complete): the welcome's notification and the account revision its text follows. Members
 * welcomed before keep their latest welcome (its English title is the one the app stored them with).
 */
export class AddWelcomedMembers1765910000000 implements MigrationInterface {
  name = 'AddWelcomedMembers1765910000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE notifications.welcomed_members (user_id uuid PRIMARY KEY, notification_id uuid, revision integer NOT NULL, welcomed_at timestamptz NOT NULL DEFAULT now())');
    await q.query(
      `INSERT INTO notifications.welcomed_members (user_id, notification_id, revision)
       SELECT DISTINCT ON (user_id) user_id, id, 0 FROM notifications.notifications
       WHERE type = 'other' AND title = 'Welcome to AeroMatch' ORDER BY user_id, created_at DESC, seq DESC`,
    );
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.welcomed_members');
  }
}
