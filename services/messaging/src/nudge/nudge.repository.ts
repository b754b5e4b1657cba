import { Transactions } from '@aero/common';
import type { ReportedMessage } from '@aero/contracts';
import { Injectable } from '@nestjs/common';

interface NudgedRow {
  id: string;
  sender_id: string;
  message_type: ReportedMessage['messageType'];
  content: string;
  created_at: Date;
}

const toReported = (r: NudgedRow): ReportedMessage => ({ id: r.id, senderId: r.sender_id, messageType: r.message_type, content: r.content, createdAt: r.created_at.toISOString() });

/** The only place that touches the database for messages sent anyway after 'Are you sure?'. */
@Injectable()
export class NudgeRepository {
  constructor(private readonly db: Transactions) {}

  async markNudged(messageId: string) {
    await this.db.manager.query(`UPDATE messaging.messages SET nudged = true WHERE id = $1`, [messageId]);
  }

  /** serialises one sender's nudge count for the rest of the transaction */
  async lockSender(senderId: string) {
    await this.db.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`nudges:${senderId}`]);
  }

  /** the sender's nudged messages of the last `hours` that have not opened a report yet, oldest first */
  async unreported(senderId: string, hours: number): Promise<ReportedMessage[]> {
    const rows: NudgedRow[] = await this.db.manager.query(
      `SELECT id, sender_id, message_type, content, created_at FROM messaging.messages
       WHERE sender_id = $1 AND nudged AND NOT nudge_reported AND created_at > clock_timestamp() - make_interval(hours => $2)
       ORDER BY seq`,
      [senderId, hours],
    );
    return rows.map(toReported);
  }

  async markReported(messageIds: string[]) {
    await this.db.manager.query(`UPDATE messaging.messages SET nudge_reported = true WHERE id = ANY($1::uuid[])`, [messageIds]);
  }

  /** messages among `messageIds` of any conversation (open or ended) between the two members */
  async betweenMembers(userId: string, otherUserId: string, messageIds: string[]): Promise<ReportedMessage[]> {
    if (!messageIds.length) return [];
    const rows: NudgedRow[] = await this.db.manager.query(
      `SELECT m.id, m.sender_id, m.message_type, m.content, m.created_at
       FROM messaging.messages m JOIN messaging.chat_rooms r ON r.match_id = m.match_id
       WHERE m.id = ANY($3::uuid[]) AND r.member_ids @> ARRAY[$1, $2]::uuid[]
       ORDER BY m.seq`,
      [userId, otherUserId, messageIds],
    );
    return rows.map(toReported);
  }
}
