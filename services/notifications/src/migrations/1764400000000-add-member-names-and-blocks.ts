import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What notifications needs of other services, from their events: members' first names (for 'New
 * message from Maya', by profile revision) and blocked pairs (no notification between them).
 */
export class AddMemberNamesAndBlocks1764400000000 implements MigrationInterface {
  name = 'AddMemberNamesAndBlocks1764400000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE notifications.member_names (
      user_id uuid PRIMARY KEY,
      first_name text NOT NULL,
      revision int NOT NULL
    )`);
    await q.query(`CREATE TABLE notifications.blocked_pairs (
      user_low uuid NOT NULL,
      user_high uuid NOT NULL,
      blocker_id uuid NOT NULL,
      PRIMARY KEY (user_low, user_high, blocker_id)
    )`);
    await q.query(`CREATE INDEX notifications_user_unread ON notifications.notifications (user_id) WHERE NOT read`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX notifications.notifications_user_unread');
    await q.query('DROP TABLE notifications.blocked_pairs');
    await q.query('DROP TABLE notifications.member_names');
  }
}
