import { BillingMemberRequest, BillingWebhookRequest, ConfirmTestPaymentRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TestPaymentsService } from '../payments/test-payments.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Controller()
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly testPayments: TestPaymentsService,
  ) {}

  @MessagePattern(Rpc.billing.config)
  config() {
    return this.subscriptions.config();
  }

  @MessagePattern(Rpc.billing.getOrCreateSubscription)
  getOrCreate(@Payload() req: BillingMemberRequest) {
    return this.subscriptions.getOrCreate(req);
  }

  @MessagePattern(Rpc.billing.getSubscription)
  get(@Payload() req: BillingMemberRequest) {
    return this.subscriptions.get(req);
  }

  @MessagePattern(Rpc.billing.cancelSubscription)
  cancel(@Payload() req: BillingMemberRequest) {
    return this.subscriptions.cancel(req);
  }

  @MessagePattern(Rpc.billing.resumeSubscription)
  resume(@Payload() req: BillingMemberRequest) {
    return this.subscriptions.resume(req);
  }

  @MessagePattern(Rpc.billing.handleWebhook)
  webhook(@Payload() req: BillingWebhookRequest) {
    return this.subscriptions.handleWebhook(req);
  }

  @MessagePattern(Rpc.billing.confirmTestPayment)
  confirmTestPayment(@Payload() req: ConfirmTestPaymentRequest) {
    return this.testPayments.confirm(req);
  }
}
