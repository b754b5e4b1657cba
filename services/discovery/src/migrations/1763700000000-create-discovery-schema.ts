import { outboxInboxSql } from '@aero/event-bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The discovery schema with its outbox and inbox; its own tables arrive with its feature issue. */
export class CreateDiscoverySchema1763700000000 implements MigrationInterface {
  name = 'CreateDiscoverySchema1763700000000';

  async up(q: QueryRunner) {
    for (const sql of outboxInboxSql('discovery')) await q.query(sql);
  }

  async down() {}
}
