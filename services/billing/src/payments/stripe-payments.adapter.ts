import type { StripeSettings } from '@aero/config';
import Stripe from 'stripe';
import type { Payments, ProviderEvent, ProviderSubscription } from './payments.port.js';
import { parseSignedEvent, toProviderSubscription } from './stripe-shapes.adapter.js';

/** Stripe's answer for an object it does not have (never made, or deleted) */
const isMissing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';

/** Stripe itself (the `stripe` SDK): customers, subscriptions at STRIPE_PRICE_ID, signed webhooks. */
export class StripePayments implements Payments {
  readonly provider = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createCustomer({ userId, email }: { userId: string; email?: string }) {
    const customer = await this.stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `aero-customer-${userId}` });
    return { id: customer.id };
  }

  async createSubscription({ customerId, userId }: { customerId: string; userId: string }): Promise<ProviderSubscription> {
    const subscription = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: this.settings.priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId },
      expand: ['latest_invoice.confirmation_secret'],
    });
    return toProviderSubscription(subscription);
  }

  async retrieveSubscription(id: string) {
    try {
      return toProviderSubscription(await this.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.confirmation_secret'] }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean) {
    return toProviderSubscription(await this.stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
  }

  async cancelNow(id: string) {
    return toProviderSubscription(await this.stripe.subscriptions.cancel(id));
  }

  async deleteCustomer(id: string) {
    try {
      await this.stripe.customers.del(id);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  parseWebhook(payload: string, signature: string): ProviderEvent {
    return parseSignedEvent(payload, signature, this.settings.webhookSecret);
  }
}
