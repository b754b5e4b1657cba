import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each member's subscription as the payment provider last told it, the webhook events already
 * handled (a replay changes nothing), and the test provider's own customers and subscriptions.
 */
export class CreateSubscriptions1764700000000 implements MigrationInterface {
  name = 'CreateSubscriptions1764700000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE billing.subscriptions (
      user_id uuid PRIMARY KEY,
      customer_id text UNIQUE,
      subscription_id text UNIQUE,
      provider_status text,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'inactive',
      revision int NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX subscriptions_active_period_end ON billing.subscriptions (current_period_end) WHERE status = 'active'`);
    await q.query(`CREATE TABLE billing.webhook_events (
      event_id text PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE billing.test_customers (
      id text PRIMARY KEY,
      user_id uuid NOT NULL,
      email text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE billing.test_subscriptions (
      id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES billing.test_customers(id),
      user_id uuid NOT NULL,
      status text NOT NULL,
      client_secret text NOT NULL UNIQUE,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE billing.test_subscriptions, billing.test_customers, billing.webhook_events, billing.subscriptions');
  }
}
