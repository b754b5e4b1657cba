import type { SubscriptionSetupReply } from '@aero/contracts/shared';

/** what get-or-create answers; `error.message` is read too (spec §7) */
export type SubscriptionReply = Partial<SubscriptionSetupReply> & { error?: { message?: string } };
