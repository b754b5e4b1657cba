import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

/** SQL: neither of the two members (the statement's parameters `a` and `b`) left; what is kept about a pair is kept only while both are here */
const neitherDeparted = (a: string, b: string) => `NOT EXISTS (SELECT 1 FROM notifications.departed_members WHERE user_id IN (${a}::uuid, ${b}::uuid))`;

/** The only place that touches the database for the first names, blocked pairs, departed members, withdrawn likes, ended and opened matches and welcomed members notifications keeps from other services' events. */
@Injectable()
export class MemberDirectoryRepository {
  constructor(private readonly db: Transactions) {}

  /** a newer revision replaces the name; an older or repeated event changes nothing, nor does any for a member who left */
  async saveName(userId: string, firstName: string, revision: number) {
    await this.db.manager.query(
      `INSERT INTO notifications.member_names (user_id, first_name, revision)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM notifications.departed_members WHERE user_id = $1)
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, revision = EXCLUDED.revision WHERE notifications.member_names.revision < EXCLUDED.revision`,
      [userId, firstName, revision],
    );
  }

  /** the first names of several members, in one statement (a member without one is absent) */
  async firstNames(userIds: readonly string[]): Promise<Map<string, string>> {
    const rows: { user_id: string; first_name: string }[] = await this.db.manager.query(`SELECT user_id, first_name FROM notifications.member_names WHERE user_id = ANY($1::uuid[])`, [[...new Set(userIds)]]);
    return new Map(rows.map((r) => [r.user_id, r.first_name]));
  }

  /**
   * A block that happened at `at`: kept unless an unblock of the pair happened after it (its event
   * came first). Answers whether it was kept (false too when heard after either member left: it
   * would keep a row naming the account).
   */
  async block(blockerId: string, blockedId: string, at: Date): Promise<boolean> {
    return this.change(blockerId, blockedId, true, at);
  }

  /** an unblock that happened at `at`: kept (for a block that happened before it but comes later) unless a block of the pair happened after it */
  async unblock(blockerId: string, blockedId: string, at: Date): Promise<boolean> {
    return this.change(blockerId, blockedId, false, at);
  }

  private async change(blockerId: string, blockedId: string, blocked: boolean, at: Date): Promise<boolean> {
    const [low, high] = [blockerId, blockedId].sort();
    const rows = await this.db.manager.query(
      `INSERT INTO notifications.blocked_pairs (user_low, user_high, blocker_id, blocked, changed_at) SELECT $1, $2, $3, $4, $5 WHERE ${neitherDeparted('$1', '$2')}
       ON CONFLICT (user_low, user_high, blocker_id) DO UPDATE SET blocked = EXCLUDED.blocked, changed_at = EXCLUDED.changed_at WHERE notifications.blocked_pairs.changed_at < EXCLUDED.changed_at
       RETURNING 1`,
      [low, high, blockerId, blocked, at],
    );
    return rows.length > 0;
  }

  /** for each pair, in order, whether either has blocked the other: one statement for all */
  async blockedPairs(pairs: ReadonlyArray<readonly [string, string]>): Promise<boolean[]> {
    if (!pairs.length) return [];
    const sorted = pairs.map(([a, b]) => [a, b].sort());
    const rows: { user_low: string; user_high: string }[] = await this.db.manager.query(
      `SELECT user_low, user_high FROM notifications.blocked_pairs WHERE blocked AND (user_low, user_high) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [sorted.map((p) => p[0]), sorted.map((p) => p[1])],
    );
    const blocked = new Set(rows.map((r) => `${r.user_low}:${r.user_high}`));
    return sorted.map(([low, high]) => blocked.has(`${low}:${high}`));
  }

  /** the member left (account deleted, or banned): no late event of theirs brings their name or notifications back */
  /**
   * for the rest of the transaction, in one order: notifications naming these members are made
   * (`shared`) while none of them is being forgotten (`exclusive`: deletion, ban), so a member's
   * departure and a notification about them never pass each other unseen
   */
  async lockMembers(userIds: readonly string[], mode: 'shared' | 'exclusive') {
    await this.db.lockInOrder(userIds.map((id) => `notifications-member:${id}`), mode);
  }

  async depart(userId: string) {
    await this.db.manager.query(`INSERT INTO notifications.departed_members (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }

  /** which of these members left, in one statement */
  async departed(userIds: readonly string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows: { user_id: string }[] = await this.db.manager.query(`SELECT user_id FROM notifications.departed_members WHERE user_id = ANY($1::uuid[])`, [[...new Set(userIds)]]);
    return new Set(rows.map((r) => r.user_id));
  }

  /** `fromUserId` took back their like of `userId` at `at` (the latest withdrawal is kept; none once either left) */
  async withdrawLike(userId: string, fromUserId: string, at: string) {
    await this.db.manager.query(
      `INSERT INTO notifications.withdrawn_likes (user_id, from_user_id, withdrawn_at) SELECT $1, $2, $3::timestamptz WHERE ${neitherDeparted('$1', '$2')}
       ON CONFLICT (user_id, from_user_id) DO UPDATE SET withdrawn_at = GREATEST(notifications.withdrawn_likes.withdrawn_at, EXCLUDED.withdrawn_at)`,
      [userId, fromUserId, at],
    );
  }

  /**
   * for each like (made at `at`), in one statement: 'later' when it was taken back afterwards,
   * 'recently' when the pair's like before it was taken back less than `windowHours` before it,
   * else null
   */
  async withdrawals(likes: ReadonlyArray<{ userId: string; fromUserId: string; at: string }>, windowHours: number): Promise<Array<'later' | 'recently' | null>> {
    if (!likes.length) return [];
    const rows: { i: number; later: boolean }[] = await this.db.manager.query(
      `SELECT l.i, w.withdrawn_at > l.at AS later FROM jsonb_to_recordset($1::jsonb) AS l(i int, user_id uuid, from_user_id uuid, at timestamptz)
       JOIN notifications.withdrawn_likes w ON w.user_id = l.user_id AND w.from_user_id = l.from_user_id AND w.withdrawn_at > l.at - make_interval(hours => $2)`,
      [JSON.stringify(likes.map((l, i) => ({ i, user_id: l.userId, from_user_id: l.fromUserId, at: l.at }))), windowHours],
    );
    const withdrawn = new Map(rows.map((r) => [r.i, r.later ? ('later' as const) : ('recently' as const)]));
    return likes.map((_, i) => withdrawn.get(i) ?? null);
  }

  /** the match ended: no late notification of it is stored (nor the end, once either left: nothing of theirs is stored then) */
  async endMatch(matchId: string, userIds: readonly [string, string]) {
    const [low, high] = [...userIds].sort();
    await this.db.manager.query(`INSERT INTO notifications.ended_matches (match_id, user_low, user_high) SELECT $1, $2, $3 WHERE ${neitherDeparted('$2', '$3')} ON CONFLICT DO NOTHING`, [matchId, low, high]);
    await this.db.manager.query(`DELETE FROM notifications.opened_matches WHERE match_id = $1`, [matchId]);
  }

  /** `userId` read the conversation of `matchId` up to `readAt` (the latest read is kept) */
  async readConversation(userId: string, matchId: string, readAt: string) {
    await this.db.manager.query(
      `INSERT INTO notifications.conversation_reads (user_id, match_id, read_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, match_id) DO UPDATE SET read_at = GREATEST(notifications.conversation_reads.read_at, EXCLUDED.read_at)`,
      [userId, matchId, readAt],
    );
  }

  /** how far each reader read each conversation, in one statement (`${userId}:${matchId}` to the time; absent: never read) */
  async conversationsReadUpTo(reads: ReadonlyArray<{ userId: string; matchId: string }>): Promise<Map<string, Date>> {
    if (!reads.length) return new Map();
    const rows: { user_id: string; match_id: string; read_at: Date }[] = await this.db.manager.query(
      `SELECT r.user_id, r.match_id, r.read_at FROM notifications.conversation_reads r
       JOIN unnest($1::uuid[], $2::uuid[]) AS w(user_id, match_id) ON w.user_id = r.user_id AND w.match_id = r.match_id`,
      [reads.map((r) => r.userId), reads.map((r) => r.matchId)],
    );
    return new Map(rows.map((r) => [`${r.user_id}:${r.match_id}`, r.read_at]));
  }

  /**
   * `userId` opened the new match's empty conversation before the match was heard here: kept until
   * it is (`takeOpenings`); not once the match ended or either member left
   */
  async openMatch(matchId: string, userId: string, otherUserId: string) {
    await this.db.manager.query(
      `INSERT INTO notifications.opened_matches (match_id, user_id, other_user_id) SELECT $1, $2, $3
        WHERE ${neitherDeparted('$2', '$3')} AND NOT EXISTS (SELECT 1 FROM notifications.ended_matches WHERE match_id = $1::uuid)
       ON CONFLICT DO NOTHING`,
      [matchId, userId, otherUserId],
    );
  }

  /** the members who opened the match before it was heard here; their openings are forgotten (the match is being heard) */
  async takeOpenings(matchId: string): Promise<Set<string>> {
    // a DELETE … RETURNING answers [rows, count] through TypeORM
    const [rows]: [{ user_id: string }[], number] = await this.db.manager.query(`DELETE FROM notifications.opened_matches WHERE match_id = $1 RETURNING user_id`, [matchId]);
    return new Set(rows.map((r) => r.user_id));
  }

  /** for each pair, in order, whether a match of theirs ended (its end kept): one statement for all */
  async endedPairs(pairs: ReadonlyArray<readonly [string, string]>): Promise<boolean[]> {
    if (!pairs.length) return [];
    const sorted = pairs.map(([a, b]) => [a, b].sort());
    const rows: { user_low: string; user_high: string }[] = await this.db.manager.query(
      `SELECT DISTINCT user_low, user_high FROM notifications.ended_matches WHERE (user_low, user_high) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [sorted.map((p) => p[0]), sorted.map((p) => p[1])],
    );
    const ended = new Set(rows.map((r) => `${r.user_low}:${r.user_high}`));
    return sorted.map(([low, high]) => ended.has(`${low}:${high}`));
  }

  /** which of these matches ended, in one statement */
  async endedMatches(matchIds: readonly string[]): Promise<Set<string>> {
    if (!matchIds.length) return new Set();
    const rows: { match_id: string }[] = await this.db.manager.query(`SELECT match_id FROM notifications.ended_matches WHERE match_id = ANY($1::uuid[])`, [[...new Set(matchIds)]]);
    return new Set(rows.map((r) => r.match_id));
  }

  /**
   * The member's welcome as of account revision `revision` (its type-set event): 'first' when they
   * were never welcomed (a welcome is to be stored: `welcomed` then names it), else the stored
   * welcome's notification when this revision is newer than the one its text follows (the type
   * changed before the profile was complete), else null (an older or repeated event, or a member who left).
   */
  async welcome(userId: string, revision: number): Promise<'first' | { notificationId: string | null } | null> {
    const inserted: unknown[] = await this.db.manager.query(
      `INSERT INTO notifications.welcomed_members (user_id, revision) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM notifications.departed_members WHERE user_id = $1)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [userId, revision],
    );
    if (inserted.length) return 'first';
    // an UPDATE … RETURNING answers [rows, count] through TypeORM
    const [[newer]]: [{ notification_id: string | null }[], number] = await this.db.manager.query(
      `UPDATE notifications.welcomed_members SET revision = $2 WHERE user_id = $1 AND revision < $2 RETURNING notification_id`,
      [userId, revision],
    );
    return newer ? { notificationId: newer.notification_id } : null;
  }

  /** the notification that welcomed the member (stored after `welcome` answered 'first') */
  async welcomed(userId: string, notificationId: string) {
    await this.db.manager.query(`UPDATE notifications.welcomed_members SET notification_id = $2 WHERE user_id = $1`, [userId, notificationId]);
  }

  async forget(userId: string) {
    await this.db.manager.query(`DELETE FROM notifications.welcomed_members WHERE user_id = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.member_names WHERE user_id = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.blocked_pairs WHERE user_low = $1 OR user_high = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.withdrawn_likes WHERE user_id = $1 OR from_user_id = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.ended_matches WHERE user_low = $1 OR user_high = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.opened_matches WHERE user_id = $1 OR other_user_id = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.conversation_reads WHERE user_id = $1`, [userId]);
  }
}
