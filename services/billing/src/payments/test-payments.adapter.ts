import type { Clock } from '@aero/common';
import { badRequest, DomainError, type ErrorCode, ErrorCodes, Messages, notFound, TEST_CARDS } from '@aero/contracts';
import { randomBytes } from 'node:crypto';
import type { Payments, ProviderEvent, ProviderSubscription } from './payments.port.js';
import { parseSignedEvent, signPayload } from './stripe-shapes.adapter.js';
import type { TestPaymentsRepository, TestSubscriptionRow } from './test-payments.repository.js';

/** a webhook as the provider sends it: the raw JSON and its `Stripe-Signature` header */
export interface SignedWebhook {
  payload: string;
  signature: string;
}

export interface TestCard {
  cardNumber: string;
  /** MM/YY or MMYY */
  expiry: string;
  cvc: string;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const paymentRequired = (code: ErrorCode, message: string) => new DomainError(402, code, message);

/** one calendar month later (the 31st becomes the month's last day, as Stripe bills) */
export function addMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/**
 * The test provider: what Stripe does in test mode, kept in billing's own tables so a fresh clone
 * can subscribe without an account anywhere. Customers and `default_incomplete` subscriptions with a
 * PaymentIntent client secret; Stripe's test cards; paid periods that renew monthly unless cancelled;
 * webhooks in Stripe's event shapes, signed with Stripe's scheme.
 */
export class TestPayments implements Payments {
  readonly provider = 'test' as const;
  readonly publishableKey = null;

  constructor(
    private readonly records: TestPaymentsRepository,
    private readonly clock: Clock,
    private readonly webhookSecret: string,
  ) {}

  async createCustomer({ userId, email }: { userId: string; email?: string }) {
    const customerId = id('cus');
    await this.records.addCustomer(customerId, userId, email);
    return { id: customerId };
  }

  async createSubscription({ customerId, userId }: { customerId: string; userId: string }): Promise<ProviderSubscription> {
    if (!(await this.records.customerExists(customerId))) throw badRequest(`No such customer: '${customerId}'`, ErrorCodes.resourceMissing);
    const subscriptionId = id('sub');
    const row: TestSubscriptionRow = {
      id: subscriptionId,
      customerId,
      userId,
      status: 'incomplete',
      clientSecret: `${id('pi')}_secret_${randomBytes(12).toString('hex')}`,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    };
    await this.records.addSubscription(row);
    return this.view(row);
  }

  async retrieveSubscription(subscriptionId: string) {
    const row = await this.records.find(subscriptionId);
    if (!row) return null;
    // a paid period that ended renews (the saved test card pays) unless it was cancelled at its end
    const now = this.clock.now();
    if (row.status === 'active' && row.currentPeriodEnd && row.currentPeriodEnd <= now) {
      if (row.cancelAtPeriodEnd) row.status = 'canceled';
      else while (row.currentPeriodEnd <= now) row.currentPeriodEnd = addMonth(row.currentPeriodEnd);
      await this.records.update(row);
    }
    return this.view(row);
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const row = await this.found(subscriptionId);
    row.cancelAtPeriodEnd = cancel;
    await this.records.update(row);
    return this.view(row);
  }

  async cancelNow(subscriptionId: string) {
    const row = await this.found(subscriptionId);
    row.status = 'canceled';
    await this.records.update(row);
    return this.view(row);
  }

  /** the customer goes with its subscriptions: the test provider keeps no invoices */
  async deleteCustomer(customerId: string) {
    await this.records.deleteCustomer(customerId);
  }

  parseWebhook(payload: string, signature: string): ProviderEvent {
    return parseSignedEvent(payload, signature, this.webhookSecret);
  }

  /**
   * The card form's confirm-payment (what Stripe.js does with Elements): Stripe's test cards
   * succeed, are declined, or need 3D Secure (refused here: the test provider cannot show the
   * challenge). It pays a first payment, or the open invoice of a renewal that failed. A payment
   * answers the webhooks Stripe would send, signed.
   */
  async confirmPayment(userId: string, clientSecret: string, card: TestCard): Promise<{ status: string; webhooks: SignedWebhook[] }> {
    const row = await this.records.findByClientSecret(clientSecret);
    if (!row || row.userId !== userId) throw notFound(Messages.paymentNotFound, ErrorCodes.paymentNotFound);
    // the first payment, or a renewal's that failed (its period already under way)
    if (row.status !== 'incomplete' && row.status !== 'past_due') return { status: row.status, webhooks: [] };
    const now = this.clock.now();
    const [, mm, yy] = /^(\d{2})\/?(\d{2})$/.exec(card.expiry) ?? [];
    if (!mm || new Date(Date.UTC(2000 + Number(yy), Number(mm), 1)) <= now) throw paymentRequired(ErrorCodes.expiredCard, Messages.cardExpired);
    if (card.cardNumber === TEST_CARDS.declined) throw paymentRequired(ErrorCodes.cardDeclined, Messages.cardDeclined);
    if (card.cardNumber === TEST_CARDS.requiresAuthentication) throw paymentRequired(ErrorCodes.authenticationRequired, Messages.cardAuthenticationRequired);
    if (card.cardNumber !== TEST_CARDS.succeeds) throw paymentRequired(ErrorCodes.cardDeclined, Messages.cardUnknownTest);
    row.status = 'active';
    row.currentPeriodEnd ??= addMonth(now);
    await this.records.update(row);
    const invoice = {
      id: id('in'),
      object: 'invoice',
      status: 'paid',
      customer: row.customerId,
      amount_paid: 999,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: row.id, metadata: { userId } } },
    };
    return { status: row.status, webhooks: [this.signed('invoice.paid', invoice, now), this.signed('customer.subscription.updated', this.stripeShape(row), now)] };
  }

  /** a webhook event in Stripe's shape, signed as Stripe signs it */
  signed(type: string, object: object, at: Date = this.clock.now()): SignedWebhook {
    const payload = JSON.stringify({ id: id('evt'), object: 'event', type, created: epoch(at), livemode: false, data: { object } });
    return { payload, signature: signPayload(payload, this.webhookSecret) };
  }

  private stripeShape(row: TestSubscriptionRow) {
    return {
      id: row.id,
      object: 'subscription',
      customer: row.customerId,
      status: row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      items: { object: 'list', data: [{ object: 'subscription_item', current_period_end: epoch(row.currentPeriodEnd) }] },
    };
  }

  private async found(subscriptionId: string) {
    const row = await this.records.find(subscriptionId);
    if (!row) throw badRequest(`No such subscription: '${subscriptionId}'`, ErrorCodes.resourceMissing);
    return row;
  }

  private view(row: TestSubscriptionRow): ProviderSubscription {
    return {
      id: row.id,
      customerId: row.customerId,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      clientSecret: row.status === 'incomplete' || row.status === 'past_due' ? row.clientSecret : null,
    };
  }
}
