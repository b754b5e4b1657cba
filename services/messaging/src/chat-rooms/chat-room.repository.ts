import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

export interface ChatRoom {
  matchId: string;
  memberIds: [string, string];
  /** set when the match ended (unmatch or block): the conversation is closed */
  endedAt?: Date | null;
}

/** The only place that touches the database for chat rooms. */
@Injectable()
export class ChatRoomRepository {
  constructor(private readonly db: Transactions) {}

  /**
   * once per match: a redelivered event changes nothing; none for a member who departed (account
   * deleted, banned) before the match's event arrived. The members' locks, shared, keep a
   * departure (`depart`, exclusive) from passing it unseen.
   */
  async create(room: ChatRoom) {
    await this.lockMembers(room.memberIds, 'shared');
    await this.db.manager.query(
      `INSERT INTO messaging.chat_rooms (match_id, member_ids)
       SELECT $1, $2::uuid[] WHERE NOT EXISTS (SELECT 1 FROM messaging.departed_members d WHERE d.user_id = ANY($2::uuid[]))
       ON CONFLICT DO NOTHING`,
      [room.matchId, room.memberIds],
    );
  }

  /** the member's conversations end for good (account deleted, banned): no room opens for them from now on (`create`) */
  async depart(userId: string) {
    await this.lockMembers([userId], 'exclusive');
    await this.db.manager.query(`INSERT INTO messaging.departed_members (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }

  /** for the rest of the transaction, in one order (no deadlock between two creates) */
  private lockMembers(userIds: readonly string[], mode: 'shared' | 'exclusive') {
    return this.db.lockInOrder(userIds.map((id) => `messaging-member:${id}`), mode);
  }

  /** `share`: the row is locked until the transaction ends, so a concurrent end (unmatch, block) waits for it, or it for the end */
  async find(matchId: string, lock?: 'share'): Promise<ChatRoom | null> {
    const [row] = await this.db.manager.query(`SELECT match_id, member_ids, ended_at FROM messaging.chat_rooms WHERE match_id = $1${lock ? ' FOR SHARE' : ''}`, [matchId]);
    return row ? { matchId: row.match_id, memberIds: row.member_ids, endedAt: row.ended_at } : null;
  }

  /** whether the two members have a room, open or ended */
  async existsBetween(userId: string, otherUserId: string): Promise<boolean> {
    const [row] = await this.db.manager.query(`SELECT 1 FROM messaging.chat_rooms WHERE $1 <> $2 AND member_ids @> ARRAY[$1, $2]::uuid[] LIMIT 1`, [userId, otherUserId]);
    return !!row;
  }

  /** the room when `userId` is a member and the conversation is open; null otherwise (`share`: see find) */
  async findOpenFor(matchId: string, userId: string, lock?: 'share'): Promise<ChatRoom | null> {
    const room = await this.find(matchId, lock);
    return room && !room.endedAt && room.memberIds.includes(userId) ? room : null;
  }

  /** records that `userId` opened the room; true the first time only (a concurrent second call waits for the first and changes nothing) */
  async markOpenedBy(matchId: string, userId: string): Promise<boolean> {
    // an UPDATE answers [rows, count]
    const [, count] = await this.db.manager.query(`UPDATE messaging.chat_rooms SET opened_by = array_append(opened_by, $2::uuid) WHERE match_id = $1 AND NOT ($2::uuid = ANY(opened_by))`, [
      matchId,
      userId,
    ]);
    return count > 0;
  }

  /**
   * Ends the room (unmatch, block). A room not created yet (the match event not consumed yet)
   * is created already ended, so the late match event cannot open it.
   */
  async end(room: ChatRoom) {
    await this.db.manager.query(
      `INSERT INTO messaging.chat_rooms (match_id, member_ids, ended_at) VALUES ($1, $2::uuid[], now())
       ON CONFLICT (match_id) DO UPDATE SET ended_at = COALESCE(messaging.chat_rooms.ended_at, now())`,
      [room.matchId, room.memberIds],
    );
  }

  /** the members `userId` has an open conversation with */
  async partnersOf(userId: string): Promise<string[]> {
    const rows = await this.db.manager.query(
      `SELECT DISTINCT CASE WHEN member_ids[1] = $1 THEN member_ids[2] ELSE member_ids[1] END AS partner
       FROM messaging.chat_rooms WHERE $1 = ANY(member_ids) AND ended_at IS NULL`,
      [userId],
    );
    return rows.map((r: { partner: string }) => r.partner);
  }

  /** closes every open room of the user (banned): nobody can read or write them any more; the messages stay */
  async endAllOf(userId: string) {
    await this.db.manager.query(`UPDATE messaging.chat_rooms SET ended_at = now() WHERE $1 = ANY(member_ids) AND ended_at IS NULL`, [userId]);
  }

  /** the user's rooms and every message in them go with the account */
  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM messaging.chat_rooms WHERE $1 = ANY(member_ids)`, [userId]);
  }
}
