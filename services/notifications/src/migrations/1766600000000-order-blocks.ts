import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pair's block and unblock in the order they happened, whatever order their events come in (a
 * retry, interleaved relay batches, a dead letter replayed): an unblock is kept (`blocked` false)
 * with when it happened, and an older block changes nothing after it, nor an older unblock after a
 * newer block. Rows kept before this migration count as blocked since ever.
 */
export class OrderBlocks1766600000000 implements MigrationInterface {
  name = 'OrderBlocks1766600000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE notifications.blocked_pairs ADD COLUMN blocked boolean NOT NULL DEFAULT true, ADD COLUMN changed_at timestamptz NOT NULL DEFAULT '-infinity'`);
  }

  async down(q: QueryRunner) {
    await q.query('DELETE FROM notifications.blocked_pairs WHERE NOT blocked');
    await q.query('ALTER TABLE notifications.blocked_pairs DROP COLUMN blocked, DROP COLUMN changed_at');
  }
}
