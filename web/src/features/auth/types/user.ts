export type UserType = 'airline' | 'airline_employee' | 'general';

/** The current user as the browser holds it (spec §3): at least isAdmin, userType, subscriptionStatus. */
export interface User {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified?: boolean;
  userType: UserType | null;
  subscriptionStatus: string | null;
  /** the server's answer to who must pay (`mustPay`: general members without an active subscription, airline members who are not staff) */
  mustSubscribe?: boolean;
  firstName?: string | null;
  [field: string]: unknown;
}

export interface AuthReply {
  requiresVerification?: boolean;
  user?: User;
  profile?: Record<string, unknown> | null;
}

export const isAirlineType = (t: string | null | undefined): boolean => t === 'airline' || t === 'airline_employee';

/**
 * Whether the member must subscribe before using the app: the server's answer; for a user cached
 * before the server said, the spec's rule (a general member whose subscription is not active).
 */
export const needsSubscription = (u: User): boolean =>
  !u.isAdmin && !!u.userType && (typeof u.mustSubscribe === 'boolean' ? u.mustSubscribe : u.userType === 'general' && u.subscriptionStatus !== 'active');
