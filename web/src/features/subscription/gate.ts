// What the protected-page gate uses, in the first screen's chunk (the screens come from the index,
// in their own chunks): the verification call and how to read its answer.
export { useGetOrCreateSubscriptionMutation } from './api/subscription-api';
export { currentUserChangeOf } from './lib/subscription-result';
