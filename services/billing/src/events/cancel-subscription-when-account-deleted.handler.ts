import { Events } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, UNLIMITED_DELIVERIES } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/** A deleted member is never charged again: the subscription is cancelled at once (retried until the provider confirms, without end). */
@Injectable()
export class CancelSubscriptionWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'billing.cancel-subscription-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];
  // never given up on: the member cannot sign in any more to cancel it themselves
  readonly maxDeliver = UNLIMITED_DELIVERIES;

  constructor(private readonly subscriptions: SubscriptionsService) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    await this.subscriptions.forget(event.payload.accountId);
  }
}
