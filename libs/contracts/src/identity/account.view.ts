import type { SubscriptionStatus, UserType } from '../limits.js';

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

