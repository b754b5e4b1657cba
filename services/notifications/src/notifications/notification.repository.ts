import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import type { StoredNotification } from './notification.js';
import { NotificationEntity } from './notification.orm-entity.js';

/** the ORM's row as the plain object the service sees */
const plain = ({ seq: _, ...row }: NotificationEntity): StoredNotification => row;

@Injectable()
export class NotificationRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(NotificationEntity);
  }

  /** the user's latest `limit`, newest first (in the order they were created); with `beforeId` (one of theirs) the ones before it */
  async listForUser(userId: string, limit: number, beforeId?: string): Promise<StoredNotification[] | null> {
    const query = this.repo.createQueryBuilder('n').where('n.userId = :userId', { userId }).orderBy('n.createdAt', 'DESC').addOrderBy('n.seq', 'DESC').take(limit);
    if (beforeId) {
      if (!(await this.repo.exists({ where: { id: beforeId, userId } }))) return null;
      // compared in the database: a Date would lose created_at's microseconds, shared by a whole batch
      query.andWhere('(n.createdAt, n.seq) < (SELECT a.created_at, a.seq FROM notifications.notifications a WHERE a.id = :beforeId)', { beforeId });
    }
    return (await query.getMany()).map(plain);
  }

  /** whether the user's notification is still stored (a block, ban, deletion or undo removes it) */
  exists(userId: string, id: string): Promise<boolean> {
    return this.repo.exists({ where: { id, userId } });
  }

  unreadCount(userId: string): Promise<number> {
    return this.repo.count({ where: { userId, read: false } });
  }

  /** marks one of the user's own notifications read; false when it is not theirs or missing */
  async markRead(userId: string, id: string): Promise<boolean> {
    const result = await this.repo.update({ id, userId }, { read: true });
    return (result.affected ?? 0) > 0;
  }

  /**
   * marks what `userId` was told of `fromUserId`'s messages in a match, and of the match itself,
   * read (they read the conversation); how many became read
   */
  async markConversationRead(userId: string, fromUserId: string, matchId: string): Promise<number> {
    const [, count]: [unknown[], number] = await this.db.manager.query(
      `UPDATE notifications.notifications SET read = true WHERE user_id = $1::uuid AND data->>'fromUserId' = $2::text AND data->>'matchId' = $3::text AND type IN ('message', 'match') AND NOT read`,
      [userId, fromUserId, matchId],
    );
    return count;
  }

  /**
   * marks what each writer (`userId`) was told of their match with `fromUserId` read (they wrote
   * into it: they know of it), in one statement; the members whose notifications changed
   */
  async markMatchesRead(writers: ReadonlyArray<{ userId: string; fromUserId: string; matchId: string }>): Promise<string[]> {
    if (!writers.length) return [];
    const [rows]: [Array<{ user_id: string }>, number] = await this.db.manager.query(
      `UPDATE notifications.notifications n SET read = true
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS w(user_id, from_user_id, match_id)
        WHERE n.user_id = w.user_id AND n.data->>'fromUserId' = w.from_user_id AND n.data->>'matchId' = w.match_id AND n.type = 'match' AND NOT n.read
        RETURNING n.user_id`,
      [writers.map((w) => w.userId), writers.map((w) => w.fromUserId), writers.map((w) => w.matchId)],
    );
    return [...new Set(rows.map((r) => r.user_id))];
  }

  /** marks what `userId` was told of `fromUserId`'s likes and super likes read and matched (they matched: the match says more); how many changed */
  async markLikesRead(userId: string, fromUserId: string): Promise<number> {
    // marked matched too: the match's own notification goes if it ends, the like stays and must not call for a swipe then
    const [, count]: [unknown[], number] = await this.db.manager.query(
      `UPDATE notifications.notifications SET read = true, data = data || '{"matched":"true"}'::jsonb WHERE user_id = $1::uuid AND data->>'fromUserId' = $2::text AND type IN ('like', 'super_like') AND (NOT read OR data->>'matched' IS NULL)`,
      [userId, fromUserId],
    );
    return count;
  }

  /**
   * Holds, until the transaction ends, the pairs' lock that orders a like's notification, the
   * pair's match, a message's notification, the match's end and a block between them (their
   * consumers run apart): whichever comes second sees what the first stored. A transaction takes
   * all its pairs in one call (a batch's handler: `lockMany`, taken again later at no cost): pairs
   * taken in two statements could be taken in the opposite order by another transaction.
   */
  async lockPairs(pairs: ReadonlyArray<readonly [string, string]>): Promise<void> {
    await this.db.lockInOrder(pairs.map((p) => `notifications-pair:${[...p].sort().join(':')}`));
  }

  /** for each (user, from) pair, in order, whether the user was told of a match with `from` */
  async toldOfMatch(pairs: ReadonlyArray<readonly [string, string]>): Promise<boolean[]> {
    if (!pairs.length) return [];
    const rows: { user_id: string; from_user_id: string }[] = await this.db.manager.query(
      `SELECT DISTINCT n.user_id, n.data->>'fromUserId' AS from_user_id FROM notifications.notifications n
        JOIN unnest($1::uuid[], $2::text[]) AS p(user_id, from_user_id) ON n.user_id = p.user_id AND n.data->>'fromUserId' = p.from_user_id
        WHERE n.type = 'match'`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    const told = new Set(rows.map((r) => `${r.user_id}:${r.from_user_id}`));
    return pairs.map(([user, from]) => told.has(`${user}:${from}`));
  }

  /**
   * for each (member, other) pair, in order, whether the member knows of the match `matchId`
   * already: they wrote to the other in it (the other was told of their message), or read a
   * message of the other's in it (what they were told of it is read)
   */
  async knowOfMatch(matchId: string, pairs: ReadonlyArray<readonly [string, string]>): Promise<boolean[]> {
    if (!pairs.length) return [];
    const rows: { member: string; other: string }[] = await this.db.manager.query(
      `SELECT p.member, p.other FROM unnest($1::uuid[], $2::uuid[]) AS p(member, other)
        WHERE EXISTS (SELECT 1 FROM notifications.notifications n WHERE n.type = 'message' AND n.data->>'matchId' = $3::text
          AND ((n.user_id = p.other AND n.data->>'fromUserId' = p.member::text) OR (n.user_id = p.member AND n.data->>'fromUserId' = p.other::text AND n.read)))`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1]), matchId],
    );
    const known = new Set(rows.map((r) => `${r.member}:${r.other}`));
    return pairs.map(([member, other]) => known.has(`${member}:${other}`));
  }

  /** gives one of the user's notifications another text (read or not, in its place); false when it is gone */
  async rewrite(userId: string, id: string, text: { title: string; message: string }): Promise<boolean> {
    const result = await this.repo.update({ id, userId }, { title: text.title, message: text.message });
    return (result.affected ?? 0) > 0;
  }

  /** several in one statement, in order; each stored and returned with its defaults and creation time filled in */
  async insertMany(notifications: Partial<StoredNotification>[]): Promise<StoredNotification[]> {
    if (!notifications.length) return [];
    const rows = notifications.map((n) => this.repo.create(n));
    await this.repo.insert(rows); // fills each row's generated columns from the statement's RETURNING
    return rows.map(plain);
  }

  /** what either of two members was told about the other (a block); answers whose lists changed */
  async deleteBetween(a: string, b: string): Promise<string[]> {
    return this.deletedFor(
      `DELETE FROM notifications.notifications WHERE (user_id = $1::uuid AND data->>'fromUserId' = $2::text) OR (user_id = $2::uuid AND data->>'fromUserId' = $1::text) RETURNING user_id`,
      [a, b],
    );
  }

  /** what either of a match's pair was told about it by the other (the match, its messages, the likes that led to it: an unmatch); answers whose lists changed */
  async deleteOfMatch(matchId: string, [a, b]: readonly [string, string]): Promise<string[]> {
    return this.deletedFor(
      `DELETE FROM notifications.notifications WHERE ((user_id = $1::uuid AND data->>'fromUserId' = $2::text) OR (user_id = $2::uuid AND data->>'fromUserId' = $1::text)) AND (data->>'matchId' = $3::text OR type IN ('like', 'super_like')) RETURNING user_id`,
      [a, b, matchId],
    );
  }

  /** what `userId` was told of `fromUserId`'s like or super like (taken back); answers whose lists changed */
  async deleteLike(userId: string, fromUserId: string): Promise<string[]> {
    return this.deletedFor(
      `DELETE FROM notifications.notifications WHERE user_id = $1::uuid AND data->>'fromUserId' = $2::text AND type IN ('like', 'super_like') RETURNING user_id`,
      [userId, fromUserId],
    );
  }

  /** everything anyone was told about this member (banned, suspended or deleted); answers whose lists changed */
  async deleteFrom(memberId: string): Promise<string[]> {
    return this.deletedFor(`DELETE FROM notifications.notifications WHERE data->>'fromUserId' = $1::text RETURNING user_id`, [memberId]);
  }

  private async deletedFor(sql: string, params: unknown[]): Promise<string[]> {
    // a DELETE … RETURNING answers [rows, count] through TypeORM
    const [rows]: [{ user_id: string }[], number] = await this.db.manager.query(sql, params);
    return [...new Set(rows.map((r) => r.user_id))];
  }

  async deleteForUser(userId: string) {
    await this.repo.delete({ userId });
  }
}
