import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members' web push subscriptions: one row per push endpoint (a browser on a device), owned by
 * the member who saved it last, with the keys the payload is encrypted for.
 */
export class AddPushSubscriptions1764600000000 implements MigrationInterface {
  name = 'AddPushSubscriptions1764600000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE notifications.push_subscriptions (
      endpoint text PRIMARY KEY,
      user_id uuid NOT NULL,
      p256dh text NOT NULL,
      auth text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX push_subscriptions_user ON notifications.push_subscriptions (user_id, updated_at DESC)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.push_subscriptions');
  }
}
