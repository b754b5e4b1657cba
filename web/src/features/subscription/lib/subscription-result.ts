import { Messages } from '@aero/contracts/shared';
import type { CurrentUser } from '../../../lib/current-user';
import type { SubscriptionReply } from '../types/subscription-reply';

export const ALREADY_ACTIVE_MESSAGE = Messages.subscriptionAlreadyActive;

/** True when a get-or-create answer says the subscription is active (spec §2 gate, §4 Registration). */
export function isSubscriptionActiveReply(reply: SubscriptionReply | null | undefined): boolean {
  if (!reply) return false;
  if (reply.status === 'active') return true;
  const message = reply.message ?? reply.error?.message;
  return typeof message === 'string' && message.toLowerCase().includes(ALREADY_ACTIVE_MESSAGE.toLowerCase());
}

/** True when nothing is to pay (airline staff, beyond spec §2): the member passes without a subscription. */
export const isNotRequiredReply = (reply: SubscriptionReply | null | undefined) => reply?.status === 'not_required';

/** What a get-or-create answer says about the current user: paid (active), or nothing to pay; null when it says neither. */
export function currentUserChangeOf(reply: SubscriptionReply | null | undefined): Partial<CurrentUser> | null {
  if (isSubscriptionActiveReply(reply)) return { subscriptionStatus: 'active', mustSubscribe: false };
  if (isNotRequiredReply(reply)) return { mustSubscribe: false };
  return null;
}
