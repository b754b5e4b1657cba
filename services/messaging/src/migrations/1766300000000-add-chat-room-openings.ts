import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who has opened a room while it was empty: `messaging.conversation.opened` goes out once per member
 * and match, however often the app (or anyone) marks the empty conversation read.
 */
export class AddChatRoomOpenings1766300000000 implements MigrationInterface {
  name = 'AddChatRoomOpenings1766300000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE messaging.chat_rooms ADD COLUMN opened_by uuid[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE messaging.chat_rooms DROP COLUMN opened_by');
  }
}
