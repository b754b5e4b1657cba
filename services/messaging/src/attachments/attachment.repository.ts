import { Transactions } from '@aero/common';
import type { AttachmentType } from '@aero/contracts';
import { Injectable } from '@nestjs/common';

export interface Attachment {
  key: string;
  uploaderId: string;
  messageType: AttachmentType;
  size: number;
  contentType: string;
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
      `INSERT INTO messaging.attachments (key, uploader_id, message_type, size, content_type) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING`,
      [a.key, a.uploaderId, a.messageType, a.size, a.contentType],
    );
  }

  async findForUpdate(key: string): Promise<Attachment | null> {
    const [row] = await this.db.manager.query(`SELECT * FROM messaging.attachments WHERE key = $1 FOR UPDATE`, [key]);
    return row ? { key: row.key, uploaderId: row.uploader_id, messageType: row.message_type, size: row.size, contentType: row.content_type, matchId: row.match_id } : null;
  }

  async bind(key: string, matchId: string) {
    await this.db.manager.query(`UPDATE messaging.attachments SET match_id = $2 WHERE key = $1`, [key, matchId]);
  }

  /** may `userId` read it: the uploader, or a member of the open conversation it was sent in */
  async readableBy(key: string, userId: string): Promise<boolean> {
    const rows = await this.db.manager.query(
      `SELECT 1 FROM messaging.attachments a LEFT JOIN messaging.chat_rooms r ON r.match_id = a.match_id
       WHERE a.key = $1 AND (a.uploader_id = $2 OR (r.ended_at IS NULL AND $2 = ANY(r.member_ids)))`,
      [key, userId],
    );
    return rows.length > 0;
  }

  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM messaging.attachments WHERE uploader_id = $1`, [userId]);
  }
}
