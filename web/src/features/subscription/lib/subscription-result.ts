import type { CurrentUser } from '../../../lib/current-user';
import type { ApiError } from '../../../lib/http';
import type { SubscriptionReply } from '../types/subscription-reply';

/** a failed get-or-create as its answer: the code of the refusal, if the server gave one */
export const replyOfFailure = (error: unknown): SubscriptionReply => ({ code: (error as ApiError | undefined)?.code });

/** True when a get-or-create answer says the subscription is active, or refuses one as already active (spec §2 gate, §4 Registration). */
export function isSubscriptionActiveReply(reply: SubscriptionReply | null | undefined): boolean {
  return reply?.status === 'active' || reply?.code === 'subscription_already_active';
}

/** True when nothing is to pay (airline staff, beyond spec §2): the member passes without a subscription. */
export const isNotRequiredReply = (reply: SubscriptionReply | null | undefined) => reply?.status === 'not_required';

/** What a get-or-create answer says about the current user: paid (active), or nothing to pay; null when it says neither. */
export function currentUserChangeOf(reply: SubscriptionReply | null | undefined): Partial<CurrentUser> | null {
  if (isSubscriptionActiveReply(reply)) return { subscriptionStatus: 'active', mustSubscribe: false };
  if (isNotRequiredReply(reply)) return { mustSubscribe: false };
  return null;
}
