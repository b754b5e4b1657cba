export { subscriptionApi, useGetOrCreateSubscriptionMutation, type SubscriptionReply } from './api/subscription-api';
export { isSubscriptionActiveReply, ALREADY_ACTIVE_MESSAGE } from './lib/subscription-result';
