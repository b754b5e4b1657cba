import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order notifications were created in, within one transaction too: `created_at` is the
 * transaction's start, shared by every notification a batch of events creates (the consumers
 * handle events in batches), and the ids are random. The feed is newest first by
 * (created_at, seq).
 */
export class AddNotificationOrder1765200000000 implements MigrationInterface {
  name = 'AddNotificationOrder1765200000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE notifications.notifications ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY');
    await q.query('CREATE INDEX notifications_user_order ON notifications.notifications (user_id, created_at DESC, seq DESC)');
    await q.query('DROP INDEX notifications.notifications_user_created');
  }

  async down(q: QueryRunner) {
    await q.query('CREATE INDEX notifications_user_created ON notifications.notifications (user_id, created_at DESC)');
    await q.query('DROP INDEX notifications.notifications_user_order');
    await q.query('ALTER TABLE notifications.notifications DROP COLUMN seq');
  }
}
