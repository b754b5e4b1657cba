import { outboxInboxSql } from '@aero/event-bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763700000000 implements MigrationInterface {
  name = 'CreateAccounts1763700000000';

  async up(q: QueryRunner) {
    for (const sql of outboxInboxSql('identity')) await q.query(sql);
    await q.query(`CREATE TABLE identity.accounts (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      password_hash text NOT NULL,
      email_verified boolean NOT NULL DEFAULT false,
      is_admin boolean NOT NULL DEFAULT false,
      user_type text NULL CHECK (user_type IN ('airline', 'general')),
      subscription_status text NOT NULL DEFAULT 'inactive',
      verification_code_hash text NULL,
      verification_expires_at timestamptz NULL,
      verification_attempts int NOT NULL DEFAULT 0,
      reset_token_hash text NULL UNIQUE,
      reset_expires_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE identity.accounts');
  }
}
