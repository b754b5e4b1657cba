import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';

export type SwipeAction = 'like' | 'super_like' | 'pass';

export interface Swipe {
  userId: string;
  targetId: string;
  action: SwipeAction;
  undoable: boolean;
  createdAt: Date;
}

/** The only place that touches the database for likes and passes. */
@Injectable()
export class SwipeRepository {
  constructor(private readonly db: Transactions) {}

  /**
   * Serialises every swipe between the same two members (in either direction) until the
   * transaction ends: two likes at the same instant, on one replica or two, see each other.
   */
  async lockPair(a: string, b: string) {
    const key = createHash('sha256').update([a, b].sort().join(':')).digest().readBigInt64BE(0);
    await this.db.manager.query('SELECT pg_advisory_xact_lock($1)', [key.toString()]);
  }

  /**
   * Records the swipe, and in the same statement reads what the match rule needs (after the pair's
   * lock, so the other member's like is seen if it was made): `inserted`, false when `userId`
   * already swiped `targetId`; `liked`, whether that earlier swipe was a like; `likedBack`, whether
   * `targetId` likes `userId`; `passedBack`, whether `targetId` passed `userId`.
   */
  async record(s: Omit<Swipe, 'createdAt'>): Promise<{ inserted: boolean; liked: boolean; likedBack: boolean; passedBack: boolean }> {
    const [row]: { inserted: boolean; liked: boolean; liked_back: boolean; passed_back: boolean }[] = await this.db.manager.query(
      `WITH added AS (INSERT INTO discovery.swipes (user_id, target_id, action, undoable) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING seq)
       SELECT EXISTS (SELECT 1 FROM added) AS inserted,
              EXISTS (SELECT 1 FROM discovery.swipes WHERE user_id = $1 AND target_id = $2 AND action <> 'pass') AS liked,
              EXISTS (SELECT 1 FROM discovery.swipes WHERE user_id = $2 AND target_id = $1 AND action <> 'pass') AS liked_back,
              EXISTS (SELECT 1 FROM discovery.swipes WHERE user_id = $2 AND target_id = $1 AND action = 'pass') AS passed_back`,
      [s.userId, s.targetId, s.action, s.undoable],
    );
    return { inserted: row.inserted, liked: row.liked, likedBack: row.liked_back, passedBack: row.passed_back };
  }

  /** the two swipes of a pair that made a match can no longer be undone */
  async markPairNotUndoable(a: string, b: string) {
    await this.db.manager.query(`UPDATE discovery.swipes SET undoable = false WHERE (user_id = $1 AND target_id = $2) OR (user_id = $2 AND target_id = $1)`, [a, b]);
  }

  /** the member's latest swipe if it can still be undone; `lock`: its row locked for the rest of the transaction */
  async lastUndoable(userId: string, { lock }: { lock: boolean }): Promise<Swipe | null> {
    const [row] = await this.db.manager.query(
      `SELECT user_id, target_id, action, undoable, created_at FROM discovery.swipes WHERE user_id = $1 ORDER BY seq DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
    if (!row || !row.undoable) return null;
    return { userId: row.user_id, targetId: row.target_id, action: row.action, undoable: row.undoable, createdAt: row.created_at };
  }

  /**
   * `likerId`'s like or super like of `userId`, if `userId`'s own swipe of them was recorded after
   * it (answered it: a pass declined it); null otherwise
   */
  async answeredLike(userId: string, likerId: string): Promise<{ action: Exclude<SwipeAction, 'pass'> } | null> {
    const [row]: { action: Exclude<SwipeAction, 'pass'> }[] = await this.db.manager.query(
      `SELECT l.action FROM discovery.swipes l JOIN discovery.swipes s ON s.user_id = $1 AND s.target_id = $2
       WHERE l.user_id = $2 AND l.target_id = $1 AND l.action <> 'pass' AND l.seq < s.seq`,
      [userId, likerId],
    );
    return row ? { action: row.action } : null;
  }

  /** whether each of the two likes (or super likes) the other: a match, or one that ended (unmatch, block) */
  async likedEachOther(a: string, b: string): Promise<boolean> {
    const [row]: { n: number }[] = await this.db.manager.query(
      `SELECT count(*)::int AS n FROM discovery.swipes WHERE ((user_id = $1 AND target_id = $2) OR (user_id = $2 AND target_id = $1)) AND action <> 'pass'`,
      [a, b],
    );
    return row!.n === 2;
  }

  async delete(userId: string, targetId: string) {
    await this.db.manager.query(`DELETE FROM discovery.swipes WHERE user_id = $1 AND target_id = $2`, [userId, targetId]);
  }

  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM discovery.swipes WHERE user_id = $1 OR target_id = $1`, [userId]);
  }
}
