import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

/** A member's subscription as billing keeps it: the provider's ids and last known state, and what identity was told. */
export interface MemberSubscription {
  userId: string;
  customerId: string | null;
  subscriptionId: string | null;
  providerStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** what the member has: active while paid */
  status: 'active' | 'inactive';
  /** increases with each change of `status` or `currentPeriodEnd` told to identity */
  revision: number;
}

const COLUMNS = 'user_id, customer_id, subscription_id, provider_status, current_period_end, cancel_at_period_end, status, revision';

const toSubscription = (r: Record<string, unknown>): MemberSubscription => ({
  userId: r.user_id as string,
  customerId: (r.customer_id as string | null) ?? null,
  subscriptionId: (r.subscription_id as string | null) ?? null,
  providerStatus: (r.provider_status as string | null) ?? null,
  currentPeriodEnd: (r.current_period_end as Date | null) ?? null,
  cancelAtPeriodEnd: r.cancel_at_period_end as boolean,
  status: r.status as 'active' | 'inactive',
  revision: r.revision as number,
});

/** The only place that touches the database for members' subscriptions and handled webhooks. */
/** an active subscription whose paid period ended: its member and the end (the sweep's place in their order) */
export interface EndedPeriod {
  userId: string;
  periodEnd: Date;
}

@Injectable()
export class SubscriptionRepository {
  constructor(private readonly db: Transactions) {}

  /**
   * The member's row, created when missing, locked until the unit of work ends (one creation at a
   * time per member); null once the member departed (`depart`), also when the departure committed
   * while this waited for the lock (then a row made meanwhile is taken back).
   */
  async lockFor(userId: string): Promise<MemberSubscription | null> {
    await this.db.manager.query(`INSERT INTO billing.subscriptions (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM billing.subscriptions WHERE user_id = $1 FOR UPDATE`, [userId]);
    // read once the row is locked: a departure that committed meanwhile is seen
    const departed = (await this.db.manager.query(`SELECT 1 FROM billing.departed_members WHERE user_id = $1`, [userId])).length > 0;
    if (departed && row) await this.db.manager.query(`DELETE FROM billing.subscriptions WHERE user_id = $1`, [userId]);
    return departed || !row ? null : toSubscription(row);
  }

  async find(userId: string): Promise<MemberSubscription | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM billing.subscriptions WHERE user_id = $1`, [userId]);
    return row ? toSubscription(row) : null;
  }

  async lockBySubscriptionId(subscriptionId: string): Promise<MemberSubscription | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM billing.subscriptions WHERE subscription_id = $1 FOR UPDATE`, [subscriptionId]);
    return row ? toSubscription(row) : null;
  }

  /** the members of active subscriptions whose paid period ended before `now`, the oldest first, after `after` when given (not locked: see `lockEndedPeriod`) */
  async endedPeriods(now: Date, limit: number, after?: EndedPeriod): Promise<EndedPeriod[]> {
    const rows: { user_id: string; current_period_end: Date }[] = await this.db.manager.query(
      `SELECT user_id, current_period_end FROM billing.subscriptions
        WHERE status = 'active' AND current_period_end <= $1 AND ($3::timestamptz IS NULL OR (current_period_end, user_id) > ($3, $4::uuid))
        ORDER BY current_period_end, user_id LIMIT $2`,
      [now, limit, after?.periodEnd ?? null, after?.userId ?? null],
    );
    return rows.map((r) => ({ userId: r.user_id, periodEnd: r.current_period_end }));
  }

  /** the member's subscription, locked, while its paid period ended before `now`; null once it did not, or while another replica holds it */
  async lockEndedPeriod(userId: string, now: Date): Promise<MemberSubscription | null> {
    const [row] = await this.db.manager.query(
      `SELECT ${COLUMNS} FROM billing.subscriptions WHERE user_id = $1 AND status = 'active' AND current_period_end <= $2 FOR UPDATE SKIP LOCKED`,
      [userId, now],
    );
    return row ? toSubscription(row) : null;
  }

  async save(s: MemberSubscription) {
    await this.db.manager.query(
      `UPDATE billing.subscriptions SET customer_id = $2, subscription_id = $3, provider_status = $4, current_period_end = $5, cancel_at_period_end = $6, status = $7, revision = $8, updated_at = now()
       WHERE user_id = $1`,
      [s.userId, s.customerId, s.subscriptionId, s.providerStatus, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.status, s.revision],
    );
  }

  /** the member's account was deleted: their row goes, and only their id stays, so that nothing is made for them again */
  async depart(userId: string) {
    await this.db.manager.query(`DELETE FROM billing.subscriptions WHERE user_id = $1`, [userId]);
    await this.db.manager.query(`INSERT INTO billing.departed_members (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }

  /** records a webhook event; false when it was handled before (a replay) */
  async recordWebhookEvent(eventId: string, type: string): Promise<boolean> {
    const rows = await this.db.manager.query(`INSERT INTO billing.webhook_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`, [eventId, type]);
    return rows.length > 0;
  }
}
