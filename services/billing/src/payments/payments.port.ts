import type { PaymentProvider } from '@aero/contracts';

/** A subscription as the provider knows it, in the provider-neutral shape billing's rules read. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's statuses: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused */
  status: string;
  /** end of the current paid period (null before the first payment) */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** the client secret of the PaymentIntent that pays the latest invoice, while one is due */
  clientSecret: string | null;
}

/** A verified webhook event: billing reads its id (idempotency), type and the subscription it concerns. */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
}

export class WebhookSignatureError extends Error {}

/**
 * The payments port: Stripe, or the test provider that speaks Stripe's shapes (chosen by the
 * Stripe settings). Every call answers the provider's current truth; billing never decides
 * that a payment happened.
 */
export interface Payments {
  readonly provider: PaymentProvider;
  /** what the browser's payment form needs (Stripe's publishable key; null for the test provider) */
  readonly publishableKey: string | null;
  createCustomer(input: { userId: string; email?: string }): Promise<{ id: string }>;
  /** a monthly subscription at the product's price, `default_incomplete` until its first payment */
  createSubscription(input: { customerId: string; userId: string }): Promise<ProviderSubscription>;
  /** null when the provider has no such subscription (deleted there) */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** `true` stops renewal (the subscription ends with its paid period); `false` renews it again */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** ends it now (account deleted): never charged again */
  cancelNow(id: string): Promise<ProviderSubscription>;
  /**
   * deletes the customer (its email and metadata) once the account is deleted; the provider keeps
   * the invoices of what was paid. One already deleted there is nothing to do.
   */
  deleteCustomer(id: string): Promise<void>;
  /** checks the signature (Stripe's scheme, with its timestamp tolerance) and reads the event; WebhookSignatureError when it does not hold */
  parseWebhook(payload: string, signature: string): ProviderEvent;
}

export const PAYMENTS = Symbol('Payments');

/** the statuses in which a subscription is paid for */
export const PAID_STATUSES = new Set(['active', 'trialing']);
/** the statuses after which a subscription can never be paid or charged again */
export const FINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);
/**
 * the statuses in which the member is given a new subscription: the final ones, and `unpaid` (its
 * renewal failed for good, but its open invoice can still be paid: it is cancelled first)
 */
export const ENDED_STATUSES = new Set([...FINAL_STATUSES, 'unpaid']);
/** the statuses of a subscription whose renewal was not paid: its invoice stays open, and can still be charged */
export const RENEWAL_FAILED_STATUSES = new Set(['past_due', 'unpaid']);
