import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

export interface TestSubscriptionRow {
  id: string;
  customerId: string;
  userId: string;
  status: string;
  clientSecret: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const toRow = (r: Record<string, unknown>): TestSubscriptionRow => ({
  id: r.id as string,
  customerId: r.customer_id as string,
  userId: r.user_id as string,
  status: r.status as string,
  clientSecret: r.client_secret as string,
  currentPeriodEnd: (r.current_period_end as Date | null) ?? null,
  cancelAtPeriodEnd: r.cancel_at_period_end as boolean,
});

const COLUMNS = 'id, customer_id, user_id, status, client_secret, current_period_end, cancel_at_period_end';

/** The test provider's own records (what Stripe keeps on its side), in billing's schema. */
@Injectable()
export class TestPaymentsRepository {
  constructor(private readonly db: Transactions) {}

  async addCustomer(id: string, userId: string, email: string | undefined) {
    await this.db.manager.query(`INSERT INTO billing.test_customers (id, user_id, email) VALUES ($1, $2, $3)`, [id, userId, email ?? null]);
  }

  async customerExists(id: string): Promise<boolean> {
    return (await this.db.manager.query(`SELECT 1 FROM billing.test_customers WHERE id = $1`, [id])).length > 0;
  }

  async deleteCustomer(id: string) {
    await this.db.manager.query(`DELETE FROM billing.test_subscriptions WHERE customer_id = $1`, [id]);
    await this.db.manager.query(`DELETE FROM billing.test_customers WHERE id = $1`, [id]);
  }

  async addSubscription(row: TestSubscriptionRow) {
    await this.db.manager.query(
      `INSERT INTO billing.test_subscriptions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.customerId, row.userId, row.status, row.clientSecret, row.currentPeriodEnd, row.cancelAtPeriodEnd],
    );
  }

  async find(id: string): Promise<TestSubscriptionRow | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM billing.test_subscriptions WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toRow(row) : null;
  }

  async findByClientSecret(clientSecret: string): Promise<TestSubscriptionRow | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM billing.test_subscriptions WHERE client_secret = $1 FOR UPDATE`, [clientSecret]);
    return row ? toRow(row) : null;
  }

  async update(row: TestSubscriptionRow) {
    await this.db.manager.query(`UPDATE billing.test_subscriptions SET status = $2, current_period_end = $3, cancel_at_period_end = $4 WHERE id = $1`, [
      row.id,
      row.status,
      row.currentPeriodEnd,
      row.cancelAtPeriodEnd,
    ]);
  }
}
