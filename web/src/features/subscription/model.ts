export { currentUserChangeOf, isSubscriptionActiveReply, isNotRequiredReply, replyOfFailure } from './lib/subscription-result';
export type { SubscriptionReply } from './api/subscription-api';
