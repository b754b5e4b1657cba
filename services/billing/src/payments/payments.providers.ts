import { CLOCK, type Clock, RUNTIME, type ServiceRuntime, testPaymentsWebhookSecret } from '@aero/common';
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
    useFactory: (runtime: ServiceRuntime, records: TestPaymentsRepository, clock: Clock) =>
      runtime.settings.stripe ? new StripePayments(runtime.settings.stripe) : new TestPayments(records, clock, testPaymentsWebhookSecret(runtime.settings)),
    inject: [RUNTIME, TestPaymentsRepository, CLOCK],
  },
];
