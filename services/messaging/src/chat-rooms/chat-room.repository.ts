import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

export interface ChatRoom {
  matchId: string;
  memberIds: [string, string];
}

/** The only place that touches the database for chat rooms. */
@Injectable()
export class ChatRoomRepository {
  constructor(private readonly db: Transactions) {}

  /** once per match: a redelivered event changes nothing */
  async create(room: ChatRoom) {
    await this.db.manager.query(`INSERT INTO messaging.chat_rooms (match_id, member_ids) VALUES ($1, $2::uuid[]) ON CONFLICT DO NOTHING`, [room.matchId, room.memberIds]);
  }

  async find(matchId: string): Promise<ChatRoom | null> {
    const [row] = await this.db.manager.query(`SELECT match_id, member_ids FROM messaging.chat_rooms WHERE match_id = $1`, [matchId]);
    return row ? { matchId: row.match_id, memberIds: row.member_ids } : null;
  }

  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM messaging.chat_rooms WHERE $1 = ANY(member_ids)`, [userId]);
  }
}
