export {
  subscriptionApi,
  useGetOrCreateSubscriptionMutation,
  useGetBillingConfigQuery,
  useGetSubscriptionQuery,
  useCancelSubscriptionMutation,
  useConfirmTestPaymentMutation,
  type SubscriptionReply,
} from './api/subscription-api';
export { currentUserChangeOf, isSubscriptionActiveReply, isNotRequiredReply, ALREADY_ACTIVE_MESSAGE } from './lib/subscription-result';
export { SubscribeScreen } from './components/subscribe-screen';
export { SubscriptionSection } from './components/subscription-section';
