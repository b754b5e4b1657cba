import { type AccountDeletedEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/** A deleted member is never charged again: the subscription is cancelled at once (retried until the provider confirms). */
@Injectable()
export class CancelSubscriptionWhenAccountDeletedHandler implements DomainEventHandler {
  readonly consumer = 'billing.cancel-subscription-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(private readonly subscriptions: SubscriptionsService) {}

  async handle(event: EventEnvelope) {
    await this.subscriptions.forget((event.payload as AccountDeletedEvent).accountId);
  }
}
