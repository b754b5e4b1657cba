import { outboxInboxSql } from '@aero/event-bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The messaging schema with its outbox and inbox; its own tables arrive with its feature issue. */
export class CreateMessagingSchema1763700000000 implements MigrationInterface {
  name = 'CreateMessagingSchema1763700000000';

  async up(q: QueryRunner) {
    for (const sql of outboxInboxSql('messaging')) await q.query(sql);
  }

  async down() {}
}
