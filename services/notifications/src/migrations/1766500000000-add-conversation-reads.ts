import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far each member has read each conversation: a message whose event is handled after the read
 * that covers it (events of one outbox are not always handled in order: parallel relays, replicas,
 * a retry) is stored read, not left unread with nothing to mark it read again.
 */
export class AddConversationReads1766500000000 implements MigrationInterface {
  name = 'AddConversationReads1766500000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE notifications.conversation_reads (
      user_id uuid NOT NULL,
      match_id uuid NOT NULL,
      read_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, match_id)
    )`);
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE notifications.conversation_reads');
  }
}
