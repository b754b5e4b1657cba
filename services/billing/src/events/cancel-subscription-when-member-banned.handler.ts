import { Events } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, UNLIMITED_DELIVERIES } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/**
 * A banned member is never charged again: a ban is final and refuses sign-in, so they could
 * neither cancel nor delete the account themselves; the subscription is cancelled at once
 * (retried until the provider confirms), the member's billing kept as inactive. A suspension
 * ends by itself and the member can sign in again then: it leaves the subscription as it is.
 */
@Injectable()
export class CancelSubscriptionWhenMemberBannedHandler implements DomainEventHandler<typeof Events.identity.accountRestricted> {
  readonly consumer = 'billing.cancel-subscription-when-member-banned';
  readonly subjects = [Events.identity.accountRestricted];
  // never given up on: the member cannot sign in any more to cancel it themselves
  readonly maxDeliver = UNLIMITED_DELIVERIES;

  constructor(private readonly subscriptions: SubscriptionsService) {}

  async handle(event: DomainEvent<typeof Events.identity.accountRestricted>) {
    const { accountId, restriction } = event.payload;
    if (restriction.kind === 'banned') await this.subscriptions.endForBan(accountId);
  }
}
