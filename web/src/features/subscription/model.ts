export { currentUserChangeOf, isSubscriptionActiveReply, isNotRequiredReply, ALREADY_ACTIVE_MESSAGE } from './lib/subscription-result';
export type { SubscriptionReply } from './api/subscription-api';
