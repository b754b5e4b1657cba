import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One chat room per match (created from discovery.match.created); messages arrive with the chat issue. */
export class CreateChatRooms1764100000000 implements MigrationInterface {
  name = 'CreateChatRooms1764100000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE messaging.chat_rooms (
      match_id uuid PRIMARY KEY,
      member_ids uuid[] NOT NULL CHECK (cardinality(member_ids) = 2),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX chat_rooms_members ON messaging.chat_rooms USING gin (member_ids)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE messaging.chat_rooms');
  }
}
