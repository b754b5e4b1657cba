import { CLOCK, type Clock, SETTINGS, testPaymentsWebhookSecret } from '@aero/common';
import type { Settings } from '@aero/config';
import type { Provider } from '@nestjs/common';
import { PAYMENTS } from './payments.port.js';
import { StripePayments } from './stripe-payments.adapter.js';
import { TestPayments } from './test-payments.adapter.js';
import { TestPaymentsRepository } from './test-payments.repository.js';

/** The payments port: Stripe when STRIPE_SECRET_KEY is set, else the test provider. */
export const paymentsProviders: Provider[] = [
  TestPaymentsRepository,
  {
    provide: PAYMENTS,
    useFactory: (settings: Settings, records: TestPaymentsRepository, clock: Clock) =>
      settings.stripe ? new StripePayments(settings.stripe) : new TestPayments(records, clock, testPaymentsWebhookSecret(settings)),
    inject: [SETTINGS, TestPaymentsRepository, CLOCK],
  },
];
