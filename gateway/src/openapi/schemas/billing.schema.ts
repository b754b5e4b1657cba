import { type BillingConfigView, PAYMENT_PROVIDERS, type SubscriptionSetupReply, type SubscriptionView } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Bool, NullableDateTime, NullableStr, Str } from './properties.js';

export class SubscriptionSetupSchema implements SubscriptionSetupReply {
  @Str({ description: "the provider's subscription status, or not_required", example: 'incomplete' }) status!: string;
  @Str({ required: false, description: "the payment's client secret while a payment is due" }) clientSecret?: string;
  @Str({ required: false, example: 'Subscription already active' }) message?: string;
}

export class BillingConfigSchema implements BillingConfigView {
  @ApiProperty({ enum: PAYMENT_PROVIDERS }) provider!: BillingConfigView['provider'];
  @NullableStr({ description: "Stripe's publishable key (null with the test provider)" }) publishableKey!: string | null;
}

export class SubscriptionSchema implements SubscriptionView {
  @Str({ enum: ['active', 'inactive'] }) status!: SubscriptionView['status'];
  @NullableDateTime() currentPeriodEnd!: string | null;
  @Bool() cancelAtPeriodEnd!: boolean;
  @Bool({ description: "the last renewal's payment failed: its invoice is open until paid (get-or-create) or the subscription is cancelled (at once)" }) renewalFailed!: boolean;
}

export class PaymentStatusSchema {
  @Str({ example: 'succeeded' }) status!: string;
}

export class WebhookReceivedSchema {
  @ApiProperty({ type: Boolean, enum: [true] }) received!: true;
  @Bool({ description: 'the event was handled before' }) duplicate!: boolean;
}
