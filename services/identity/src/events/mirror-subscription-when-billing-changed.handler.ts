import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { AccountService } from '../accounts/account.service.js';

type Handled = typeof Events.billing.subscriptionActivated | typeof Events.billing.subscriptionDeactivated;

/** A paid, lapsed or cancelled subscription becomes the account's subscription status. */
@Injectable()
export class MirrorSubscriptionWhenBillingChangedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'identity.mirror-subscription-when-billing-changed';
  readonly subjects = [Events.billing.subscriptionActivated, Events.billing.subscriptionDeactivated];

  constructor(private readonly accounts: AccountService) {}

  async handle(event: DomainEvent<Handled>) {
    await this.accounts.mirrorSubscription(event.payload);
  }
}
