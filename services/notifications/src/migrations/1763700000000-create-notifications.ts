import { outboxInboxSql } from '@aero/event-bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotifications1763700000000 implements MigrationInterface {
  name = 'CreateNotifications1763700000000';

  async up(q: QueryRunner) {
    for (const sql of outboxInboxSql('notifications')) await q.query(sql);
    await q.query(`CREATE TABLE notifications.notifications (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      type text NOT NULL CHECK (type IN ('super_like', 'like', 'match', 'message', 'other')),
      title text NOT NULL,
      message text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX notifications_user_created ON notifications.notifications (user_id, created_at DESC)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.notifications');
  }
}
