import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message sent anyway after 'Are you sure?' is marked `nudged`; once enough of one sender's
 * such messages within the window have opened a report, they are marked `nudge_reported`.
 */
export class AddMessageNudges1764800000100 implements MigrationInterface {
  name = 'AddMessageNudges1764800000100';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE messaging.messages ADD COLUMN nudged boolean NOT NULL DEFAULT false, ADD COLUMN nudge_reported boolean NOT NULL DEFAULT false');
    await q.query('CREATE INDEX messages_nudged ON messaging.messages (sender_id, created_at) WHERE nudged AND NOT nudge_reported');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX messaging.messages_nudged');
    await q.query('ALTER TABLE messaging.messages DROP COLUMN nudged, DROP COLUMN nudge_reported');
  }
}
