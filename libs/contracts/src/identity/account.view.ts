import type { SubscriptionStatus, UserType } from '../limits.js';
import type { Restriction } from '../safety/safety.view.js';

/** The account as its owner sees it. Never a hash, code or token. */
export interface AccountView {
  id: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  userType: UserType | null;
  subscriptionStatus: SubscriptionStatus;
  /** the end of the paid period (null before the first payment) */
  subscriptionExpiresAt: string | null;
  createdAt: string;
}

export interface LoginReply {
  requiresVerification: boolean;
  account?: AccountView;
}

/**
 * Every account event carries the account's revision: it increases with each change, so a
 * consumer keeps the highest one it has seen and ignores an older event that arrives late.
 */
export interface AccountRevision {
  accountId: string;
  revision: number;
}
export interface AccountRegisteredEvent extends AccountRevision {
  email: string;
}
export type AccountVerifiedEvent = AccountRevision;
export interface AccountTypeSetEvent extends AccountRevision {
  userType: UserType;
  subscriptionStatus: SubscriptionStatus;
  /** a demo crew account (single-node demo data) */
  demo: boolean;
  /** when the account was created (ISO): an airline member's days to upload an employment document count from it */
  registeredAt: string;
  /** banned, or suspended until a moment (hidden everywhere while it lasts); null or absent: in good standing */
  restriction?: Restriction | null;
}
/** identity.account.restricted: a moderator banned or suspended the member (their sessions end) */
export interface AccountRestrictedEvent extends AccountRevision {
  restriction: Restriction;
}
export type AccountDeletedEvent = AccountRevision;
