import { Transactions } from '@aero/common';
import type { ConversationSummary, MessageType, StoredMessageView } from '@aero/contracts';
import { Injectable } from '@nestjs/common';

export interface NewMessage {
  id: string;
  matchId: string;
  senderId: string;
  content: string;
  messageType: MessageType;
  attachmentKey: string | null;
  attachmentDuration: number | null;
  attachmentWidth: number | null;
  attachmentHeight: number | null;
}

interface MessageRow {
  id: string;
  match_id: string;
  sender_id: string;
  content: string;
  message_type: MessageType;
  attachment_key: string | null;
  attachment_duration: number | null;
  attachment_width: number | null;
  attachment_height: number | null;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id, match_id, sender_id, content, message_type, attachment_key, attachment_duration, attachment_width, attachment_height, created_at, read_at';

const toView = (r: MessageRow): StoredMessageView => ({
  id: r.id,
  matchId: r.match_id,
  senderId: r.sender_id,
  content: r.content,
  messageType: r.message_type,
  attachmentKey: r.attachment_key,
  attachmentDuration: r.attachment_duration,
  attachmentWidth: r.attachment_width,
  attachmentHeight: r.attachment_height,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

/** The only place that touches the database for messages. */
@Injectable()
export class MessageRepository {
  constructor(private readonly db: Transactions) {}

  /** stores the message once: `created` is false when a message with this id already exists (then it is that one) */
  async insert(m: NewMessage): Promise<{ message: StoredMessageView; created: boolean }> {
    const inserted: MessageRow[] = await this.db.manager.query(
      `INSERT INTO messaging.messages (id, match_id, sender_id, content, message_type, attachment_key, attachment_duration, attachment_width, attachment_height)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
      [m.id, m.matchId, m.senderId, m.content, m.messageType, m.attachmentKey, m.attachmentDuration, m.attachmentWidth, m.attachmentHeight],
    );
    if (inserted.length) return { message: toView(inserted[0]!), created: true };
    return { message: (await this.find(m.id))!, created: false };
  }

  async find(id: string): Promise<StoredMessageView | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM messaging.messages WHERE id = $1`, [id]);
    return row ? toView(row) : null;
  }

  /** the latest `limit` messages of the match (before `beforeId` when given), in the server's order */
  async page(matchId: string, limit: number, beforeId?: string): Promise<StoredMessageView[]> {
    const rows: MessageRow[] = await this.db.manager.query(
      `SELECT ${COLUMNS} FROM (
         SELECT * FROM messaging.messages
         WHERE match_id = $1 AND ($3::uuid IS NULL OR seq < (SELECT seq FROM messaging.messages WHERE id = $3 AND match_id = $1))
         ORDER BY seq DESC LIMIT $2
       ) latest ORDER BY seq`,
      [matchId, limit, beforeId ?? null],
    );
    return rows.map(toView);
  }

  /** marks the messages `readerId` received in the match read; the time, or null when none was unread */
  async markRead(matchId: string, readerId: string): Promise<Date | null> {
    // an UPDATE answers [rows, count]
    const [rows]: [{ read_at: Date }[], number] = await this.db.manager.query(
      `UPDATE messaging.messages SET read_at = clock_timestamp() WHERE match_id = $1 AND sender_id <> $2 AND read_at IS NULL RETURNING read_at`,
      [matchId, readerId],
    );
    return rows.length ? rows[rows.length - 1]!.read_at : null;
  }

  /** has the match any message (one probe of `messages_by_match`) */
  async anyIn(matchId: string): Promise<boolean> {
    const [row]: { any: boolean }[] = await this.db.manager.query(`SELECT EXISTS (SELECT 1 FROM messaging.messages WHERE match_id = $1) AS any`, [matchId]);
    return row?.any === true;
  }

  /**
   * per match among `matchIds` whose member `userId` is: has it messages, has `userId` unread ones,
   * when was the last. Two index lookups per conversation (its last message by `messages_by_match`,
   * one unread by `messages_unread`), however long it is: the match list asks on every new message.
   */
  async summaries(userId: string, matchIds: string[]): Promise<ConversationSummary[]> {
    if (!matchIds.length) return [];
    const rows: { match_id: string; last_at: Date | null; unread: boolean }[] = await this.db.manager.query(
      `SELECT r.match_id,
         (SELECT m.created_at FROM messaging.messages m WHERE m.match_id = r.match_id ORDER BY m.seq DESC LIMIT 1) AS last_at,
         EXISTS (SELECT 1 FROM messaging.messages m WHERE m.match_id = r.match_id AND m.read_at IS NULL AND m.sender_id <> $1) AS unread
       FROM messaging.chat_rooms r
       WHERE r.match_id = ANY($2::uuid[]) AND $1 = ANY(r.member_ids) AND r.ended_at IS NULL`,
      [userId, matchIds],
    );
    return rows.map((r) => ({ matchId: r.match_id, hasMessages: r.last_at !== null, hasUnreadMessages: r.unread === true, lastMessageAt: r.last_at ? r.last_at.toISOString() : null }));
  }
}
