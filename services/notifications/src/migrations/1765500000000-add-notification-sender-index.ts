import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What anyone was told about a member (`data->>'fromUserId'`: the liker, the match, the sender),
 * found by index rather than by reading every notification: a ban, a suspension or a deletion
 * removes everything about the member (NotificationRepository.deleteFrom), a block what each of
 * the pair was told about the other (deleteBetween, one index scan per direction), an undo its
 * like (deleteLike). Notifications about nobody (welcome, verification, warnings) stay out of it.
 */
export class AddNotificationSenderIndex1765500000000 implements MigrationInterface {
  name = 'AddNotificationSenderIndex1765500000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE INDEX notifications_from_user ON notifications.notifications ((data->>'fromUserId'), user_id) WHERE (data->>'fromUserId') IS NOT NULL`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX notifications.notifications_from_user');
  }
}
