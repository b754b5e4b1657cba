import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Blocks: a blocked pair never meets again in any deck, match list or who-viewed-me, in either direction. */
export class CreateBlocks1764400000000 implements MigrationInterface {
  name = 'CreateBlocks1764400000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE discovery.blocks (
      blocker_id uuid NOT NULL,
      blocked_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    )`);
    await q.query('CREATE INDEX blocks_blocked ON discovery.blocks (blocked_id)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE discovery.blocks');
  }
}
