import { UnitOfWork } from '@aero/common';
import { type ConfirmTestPaymentRequest, notFound } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { PAYMENTS, type Payments } from './payments.port.js';
import { TestPayments } from './test-payments.adapter.js';

/**
 * The test provider's card form: the payment is confirmed on the provider's side, then its signed
 * webhooks go to the same handler as Stripe's. Absent (404) when Stripe takes the payments.
 */
@Injectable()
export class TestPaymentsService {
  constructor(
    @Inject(PAYMENTS) private readonly payments: Payments,
    private readonly subscriptions: SubscriptionsService,
    private readonly uow: UnitOfWork,
  ) {}

  async confirm({ userId, clientSecret, cardNumber, expiry, cvc }: ConfirmTestPaymentRequest): Promise<{ status: string }> {
    const provider = this.payments;
    if (!(provider instanceof TestPayments)) throw notFound();
    const { status, webhooks } = await this.uow.run(() => provider.confirmPayment(userId, clientSecret, { cardNumber, expiry, cvc }));
    for (const webhook of webhooks) await this.subscriptions.handleWebhook(webhook);
    return { status };
  }
}
