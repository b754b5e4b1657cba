import type { SubscriptionStatus, UserType } from '../limits.js';

/** The account as its owner sees it. Never a hash, code or token. */
export interface AccountView {
  id: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  userType: UserType | null;
  subscriptionStatus: SubscriptionStatus;
  createdAt: string;
}

export interface LoginReply {
  requiresVerification: boolean;
  account?: AccountView;
}

export interface AccountRegisteredEvent {
  accountId: string;
  email: string;
}
export interface AccountVerifiedEvent {
  accountId: string;
}
export interface AccountTypeSetEvent {
  accountId: string;
  userType: UserType;
  subscriptionStatus: SubscriptionStatus;
  /** a demo crew account (single-node demo data) */
  demo: boolean;
}
export interface AccountDeletedEvent {
  accountId: string;
}
