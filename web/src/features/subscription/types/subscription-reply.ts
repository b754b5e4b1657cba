import type { ErrorCode, SubscriptionSetupReply } from '@aero/contracts/shared';

/** what get-or-create answers, or the `code` of its refusal (409 `subscription_already_active` once paid) */
export type SubscriptionReply = Partial<SubscriptionSetupReply> & { code?: ErrorCode };
