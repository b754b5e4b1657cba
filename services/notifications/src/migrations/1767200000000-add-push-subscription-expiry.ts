import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each web push subscription ends if the session that saved it is not used again (its idle
 * timeout or maximum age): a session that expires while the app stays closed takes its browser's
 * pushes with it. Subscriptions saved before get the default idle timeout (14 days) from their last
 * save, the longest a session may go unused; the app saves its subscription again as it starts.
 * The default serves a writer that names no end (a replica of the version before, mid-deploy).
 */
export class AddPushSubscriptionExpiry1767200000000 implements MigrationInterface {
  name = 'AddPushSubscriptionExpiry1767200000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE notifications.push_subscriptions ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '14 days'`);
    await q.query(`UPDATE notifications.push_subscriptions SET expires_at = updated_at + interval '14 days'`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE notifications.push_subscriptions DROP COLUMN expires_at');
  }
}
