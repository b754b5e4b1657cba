// Billing as the browser and the services see it (browser-safe: no decorators, no Node).

/** who takes the payments: Stripe when its keys are set, else the built-in test provider */
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/billing/config: what the payment form needs */
export interface BillingConfigView {
  provider: PaymentProvider;
  /** Stripe's publishable key (null with the test provider) */
  publishableKey: string | null;
}

/**
 * POST /api/get-or-create-subscription (spec §7): the provider's status of the member's
 * subscription, the PaymentIntent's client secret while a payment is due, and a message when
 * nothing is to pay ('Subscription already active').
 */
export interface SubscriptionSetupReply {
  status: string;
  clientSecret?: string;
  message?: string;
}

/** GET /api/subscription: the member's plan as settings show it */
export interface SubscriptionView {
  /** active while paid; inactive before the first payment and after a lapse or a cancellation */
  status: 'active' | 'inactive';
  /** the end of the paid period (renewal date, or end date when cancelled at period end) */
  currentPeriodEnd: string | null;
  /** cancelled by the member: it ends at `currentPeriodEnd` and is not renewed */
  cancelAtPeriodEnd: boolean;
  /**
   * the last renewal's payment failed (the member is inactive): the provider keeps its invoice open,
   * and may charge it later, until it is paid (get-or-create answers its client secret) or the
   * subscription cancelled (at once)
   */
  renewalFailed: boolean;
}

/**
 * Stripe's test cards (https://docs.stripe.com/testing), as the test provider honours them:
 * any other number is refused as Stripe refuses an unknown one in test mode.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
} as const;

/** the card form's rules (test provider), shared by the form and the server: digits only, spaces and dashes removed first */
export const CARD_PATTERNS = {
  cardNumber: /^\d{12,19}$/,
  /** MM/YY or MMYY */
  expiry: /^(0[1-9]|1[0-2])\/?\d{2}$/,
  cvc: /^\d{3,4}$/,
} as const;

/** a card field as typed, without the spaces and dashes people put in it */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** where a payment returns to (spec §4: also the provider's return URL) */
export const SUBSCRIPTION_RETURN_PATH = '/register?type=general&from=subscription';
