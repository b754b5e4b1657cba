import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages (spec §3) in the server's order (`seq`), with the client's id unique so a resend is
 * stored once; attachments registered by their uploader and bound to a match by the message
 * that carries them; a chat room ends (unmatch, block) and its conversation closes.
 */
export class CreateMessages1764400000000 implements MigrationInterface {
  name = 'CreateMessages1764400000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE messaging.chat_rooms ADD COLUMN ended_at timestamptz');
    await q.query(`CREATE TABLE messaging.messages (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      match_id uuid NOT NULL REFERENCES messaging.chat_rooms (match_id) ON DELETE CASCADE,
      sender_id uuid NOT NULL,
      content text NOT NULL,
      message_type text NOT NULL CHECK (message_type IN ('text', 'voice', 'photo')),
      attachment_key text,
      attachment_duration integer,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      read_at timestamptz
    )`);
    await q.query('CREATE INDEX messages_by_match ON messaging.messages (match_id, seq)');
    await q.query('CREATE INDEX messages_unread ON messaging.messages (match_id, sender_id) WHERE read_at IS NULL');
    await q.query(`CREATE TABLE messaging.attachments (
      key text PRIMARY KEY,
      uploader_id uuid NOT NULL,
      message_type text NOT NULL CHECK (message_type IN ('voice', 'photo')),
      size integer NOT NULL,
      content_type text NOT NULL,
      match_id uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX attachments_by_uploader ON messaging.attachments (uploader_id)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE messaging.attachments');
    await q.query('DROP TABLE messaging.messages');
    await q.query('ALTER TABLE messaging.chat_rooms DROP COLUMN ended_at');
  }
}
