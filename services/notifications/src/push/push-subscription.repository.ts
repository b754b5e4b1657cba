import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

export interface PushSubscriptionRecord {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
}

/** a subscription as saved: with the session that saved it, and when it ends if that session is not used again */
export interface SavedPushSubscription extends PushSubscriptionRecord {
  sessionTag: string;
  expiresAt: Date;
}

/** a subscription still in use: its session may still live */
const LIVE = 'expires_at > now()';

/** The only place that touches the database for web push subscriptions. */
@Injectable()
export class PushSubscriptionRepository {
  constructor(private readonly db: Transactions) {}

  /** the endpoint is the member's session's now, with these keys, whoever had it before */
  async save({ endpoint, userId, p256dh, auth, sessionTag, expiresAt }: SavedPushSubscription) {
    await this.db.manager.query(
      `INSERT INTO notifications.push_subscriptions (endpoint, user_id, p256dh, auth, session_tag, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, session_tag = EXCLUDED.session_tag, expires_at = EXCLUDED.expires_at, updated_at = now()`,
      [endpoint, userId, p256dh, auth, sessionTag, expiresAt],
    );
  }

  /**
   * removes the subscriptions saved before `savedBefore` by ended sessions: the member's, all but
   * those of the session `exceptSessionTag` (when given); or those of the one session `sessionTag`
   */
  async removeOfEndedSessions(ended: { userId: string; exceptSessionTag: string | null } | { sessionTag: string }, savedBefore: Date) {
    if ('sessionTag' in ended) {
      // one session's: its tag names it (a hash of a secret only its browser held)
      await this.db.manager.query(`DELETE FROM notifications.push_subscriptions WHERE session_tag = $1 AND updated_at <= $2`, [ended.sessionTag, savedBefore]);
      return;
    }
    await this.db.manager.query(
      `DELETE FROM notifications.push_subscriptions WHERE user_id = $1 AND ($2::text IS NULL OR session_tag IS DISTINCT FROM $2) AND updated_at <= $3`,
      [ended.userId, ended.exceptSessionTag, savedBefore],
    );
  }

  /** keeps the member's `keep` most recently saved subscriptions */
  async trim(userId: string, keep: number) {
    await this.db.manager.query(
      `DELETE FROM notifications.push_subscriptions WHERE user_id = $1 AND endpoint NOT IN (
         SELECT endpoint FROM notifications.push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, endpoint LIMIT $2)`,
      [userId, keep],
    );
  }

  /** removes the member's own subscription; false when the endpoint is not theirs (or unknown) */
  async removeOwn(userId: string, endpoint: string): Promise<boolean> {
    const [, count] = (await this.db.manager.query(`DELETE FROM notifications.push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [userId, endpoint])) as [unknown, number];
    return count > 0;
  }

  /** the push service says the endpoint is gone (404/410): whoever held it, it is of no use */
  async removeExpired(endpoint: string, keys: Pick<PushSubscriptionRecord, 'p256dh' | 'auth'>) {
    // only the subscription that was sent to: a browser that re-subscribed meanwhile keeps its new keys
    await this.db.manager.query(`DELETE FROM notifications.push_subscriptions WHERE endpoint = $1 AND p256dh = $2 AND auth = $3`, [endpoint, keys.p256dh, keys.auth]);
  }

  /** the member's subscriptions of sessions that may still live: one whose session expired unused gets nothing */
  async listForUser(userId: string): Promise<PushSubscriptionRecord[]> {
    const rows = (await this.db.manager.query(`SELECT endpoint, user_id, p256dh, auth FROM notifications.push_subscriptions WHERE user_id = $1 AND ${LIVE} ORDER BY updated_at DESC`, [userId])) as {
      endpoint: string;
      user_id: string;
      p256dh: string;
      auth: string;
    }[];
    return rows.map((r) => ({ endpoint: r.endpoint, userId: r.user_id, p256dh: r.p256dh, auth: r.auth }));
  }

  /** forgets every subscription whose session could have expired unused (see ExpiredPushSubscriptionsSweeper) */
  async deleteExpired() {
    await this.db.manager.query(`DELETE FROM notifications.push_subscriptions WHERE NOT ${LIVE}`);
  }

  async hasAny(userId: string): Promise<boolean> {
    return (await this.db.manager.query(`SELECT 1 FROM notifications.push_subscriptions WHERE user_id = $1 AND ${LIVE} LIMIT 1`, [userId])).length > 0;
  }

  async deleteForUser(userId: string) {
    await this.db.manager.query(`DELETE FROM notifications.push_subscriptions WHERE user_id = $1`, [userId]);
  }
}
