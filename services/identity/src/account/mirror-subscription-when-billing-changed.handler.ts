import { Events, type SubscriptionChangedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { AccountService } from './account.service.js';

/** A paid, lapsed or cancelled subscription becomes the account's subscription status. */
@Injectable()
export class MirrorSubscriptionWhenBillingChangedHandler implements DomainEventHandler {
  readonly consumer = 'identity.mirror-subscription-when-billing-changed';
  readonly subjects = [Events.billing.subscriptionActivated, Events.billing.subscriptionDeactivated];

  constructor(private readonly accounts: AccountService) {}

  async handle(event: EventEnvelope) {
    await this.accounts.mirrorSubscription(event.payload as SubscriptionChangedEvent);
  }
}
