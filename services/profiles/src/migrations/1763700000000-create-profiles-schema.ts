import { outboxInboxSql } from '@aero/event-bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The profiles schema with its outbox and inbox; its own tables arrive with its feature issue. */
export class CreateProfilesSchema1763700000000 implements MigrationInterface {
  name = 'CreateProfilesSchema1763700000000';

  async up(q: QueryRunner) {
    for (const sql of outboxInboxSql('profiles')) await q.query(sql);
  }

  async down() {}
}
