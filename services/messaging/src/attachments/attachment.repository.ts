import { Transactions } from '@aero/common';
import type { AttachmentType } from '@aero/contracts';
import { Injectable } from '@nestjs/common';

export interface Attachment {
  key: string;
  uploaderId: string;
  messageType: AttachmentType;
  size: number;
  contentType: string;
  /** a photo's pixels (null for a voice clip) */
  width: number | null;
  height: number | null;
  /** the match of the message that carries it; null until sent */
  matchId: string | null;
}

/** The only place that touches the database for message attachments. */
@Injectable()
export class AttachmentRepository {
  constructor(private readonly db: Transactions) {}

  /** registers an uploaded object once; registering it again (same uploader) changes nothing */
  async register(a: Omit<Attachment, 'matchId'>) {
    await this.db.manager.query(
      `INSERT INTO messaging.attachments (key, uploader_id, message_type, size, content_type, width, height) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
      [a.key, a.uploaderId, a.messageType, a.size, a.contentType, a.width, a.height],
    );
  }

  async findForUpdate(key: string): Promise<Attachment | null> {
    const [row] = await this.db.manager.query(`SELECT * FROM messaging.attachments WHERE key = $1 FOR UPDATE`, [key]);
    return row ? { key: row.key, uploaderId: row.uploader_id, messageType: row.message_type, size: row.size, contentType: row.content_type, width: row.width, height: row.height, matchId: row.match_id } : null;
  }

  async bind(key: string, matchId: string) {
    await this.db.manager.query(`UPDATE messaging.attachments SET match_id = $2 WHERE key = $1`, [key, matchId]);
  }

  /**
   * forgets an attachment no message carries and answers whether one does. The delete waits for a
   * send that holds the row (`findForUpdate`) and then sees it bound; a send after it finds nothing.
   */
  async forgetUnsent(key: string): Promise<{ sent: boolean }> {
    // a DELETE answers [rows, count]
    const [forgotten] = await this.db.manager.query(`DELETE FROM messaging.attachments WHERE key = $1 AND match_id IS NULL RETURNING key`, [key]);
    if (forgotten.length) return { sent: false };
    const [bound] = await this.db.manager.query(`SELECT 1 FROM messaging.attachments WHERE key = $1`, [key]);
    return { sent: Boolean(bound) };
  }

  /**
   * forgets what others sent in `userId`'s conversations (about to go with the account: nobody can
   * open those attachments any more); their keys, whose stored files go too
   */
  async deleteSentToConversationsOf(userId: string): Promise<string[]> {
    const [rows] = await this.db.manager.query(
      `DELETE FROM messaging.attachments a USING messaging.chat_rooms r
       WHERE a.match_id = r.match_id AND $1 = ANY(r.member_ids) AND a.uploader_id <> $1 RETURNING a.key`,
      [userId],
    );
    return (rows as { key: string }[]).map((r) => r.key);
  }

  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM messaging.attachments WHERE uploader_id = $1`, [userId]);
  }
}
