import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The session that saved each web push subscription (the gateway's session tag, not its secret):
 * when the account's sessions are ended (a password reset or change, 'sign out of other devices',
 * a ban), their browsers stop getting pushes too, but the caller's own. Subscriptions saved before
 * have none, and end with any such revocation.
 */
export class AddPushSubscriptionSession1765600000000 implements MigrationInterface {
  name = 'AddPushSubscriptionSession1765600000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE notifications.push_subscriptions ADD COLUMN session_tag text');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE notifications.push_subscriptions DROP COLUMN session_tag');
  }
}
