import type { ServiceDefinition } from '@aero/common';
import { CancelSubscriptionWhenAccountDeletedHandler } from './events/cancel-subscription-when-account-deleted.handler.js';
import { CancelSubscriptionWhenMemberBannedHandler } from './events/cancel-subscription-when-member-banned.handler.js';
import { CreateBillingSchema1763700000000 } from './migrations/1763700000000-create-billing-schema.js';
import { CreateSubscriptions1764700000000 } from './migrations/1764700000000-create-subscriptions.js';
import { AddOutboxRequestId1765000000000 } from './migrations/1765000000000-add-outbox-request-id.js';
import { AddInboxProcessedAtIndex1765800000000 } from './migrations/1765800000000-add-inbox-processed-at-index.js';
import { CreateBillingDepartedMembers1766700000000 } from './migrations/1766700000000-create-departed-members.js';
import { paymentsProviders } from './payments/payments.providers.js';
import { TestPaymentsService } from './payments/test-payments.service.js';
import { EndedPeriodsSweeper } from './subscriptions/ended-periods.sweeper.js';
import { SubscriptionRepository } from './subscriptions/subscription.repository.js';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';

/** billing: members' subscriptions through the payments port (Stripe, or the test provider), webhooks, renewals and lapses. */
export const billingService: ServiceDefinition = {
  name: 'billing',
  controllers: [SubscriptionsController],
  providers: [...paymentsProviders, SubscriptionRepository, SubscriptionsService, TestPaymentsService, EndedPeriodsSweeper],
  entities: [],
  migrations: [CreateBillingSchema1763700000000, CreateSubscriptions1764700000000, AddOutboxRequestId1765000000000, AddInboxProcessedAtIndex1765800000000, CreateBillingDepartedMembers1766700000000],
  eventHandlers: [CancelSubscriptionWhenAccountDeletedHandler, CancelSubscriptionWhenMemberBannedHandler],
};
