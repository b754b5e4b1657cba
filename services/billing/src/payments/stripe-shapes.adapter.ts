import Stripe from 'stripe';
import { type ProviderEvent, type ProviderSubscription, WebhookSignatureError } from './payments.port.js';

/** Stripe's subscription as billing reads it (period end lives on the item since API 2025-03-31). */
export function toProviderSubscription(s: Stripe.Subscription): ProviderSubscription {
  const periodEnd = s.items?.data?.[0]?.current_period_end;
  const invoice = typeof s.latest_invoice === 'object' ? s.latest_invoice : null;
  return {
    id: s.id,
    customerId: typeof s.customer === 'string' ? s.customer : s.customer.id,
    status: s.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
  };
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** the subscription a subscription or invoice event is about */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; parent?: Stripe.Invoice['parent'] };
  if (object.object === 'subscription') return object.id ?? null;
  if (object.object === 'invoice') return idOf(object.parent?.subscription_details?.subscription);
  return null;
}

/**
 * Verifies a webhook with Stripe's signature scheme (`t=…,v1=…`: HMAC-SHA256 of `t.payload`,
 * refused when older than the tolerance) and reads it. The test provider signs its webhooks the
 * same way, so one handler takes both.
 */
export function parseSignedEvent(payload: string, signature: string, secret: string): ProviderEvent {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message);
  }
  return { id: event.id, type: event.type, subscriptionId: subscriptionIdOf(event) };
}

/** the `Stripe-Signature` header Stripe would send with `payload` */
export const signPayload = (payload: string, secret: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
