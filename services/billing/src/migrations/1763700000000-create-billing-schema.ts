import { outboxInboxSql } from '@aero/event-bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The billing schema with its outbox and inbox; its own tables arrive with its feature issue. */
export class CreateBillingSchema1763700000000 implements MigrationInterface {
  name = 'CreateBillingSchema1763700000000';

  async up(q: QueryRunner) {
    for (const sql of outboxInboxSql('billing')) await q.query(sql);
  }

  async down() {}
}
