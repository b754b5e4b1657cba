import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A logout ends its session's push subscriptions by the session's tag alone (the session may have expired, and with it the account it named). */
export class AddPushSubscriptionSessionIndex1765920000000 implements MigrationInterface {
  name = 'AddPushSubscriptionSessionIndex1765920000000';

  async up(q: QueryRunner) {
    await q.query('CREATE INDEX IF NOT EXISTS push_subscriptions_session_tag ON notifications.push_subscriptions (session_tag) WHERE session_tag IS NOT NULL');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX IF EXISTS notifications.push_subscriptions_session_tag');
  }
}
