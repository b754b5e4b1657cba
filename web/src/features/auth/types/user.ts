export type UserType = 'airline' | 'airline_employee' | 'general';

/** The current user as the browser holds it (spec §3): at least isAdmin, userType, subscriptionStatus. */
export interface User {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified?: boolean;
  userType: UserType | null;
  subscriptionStatus: string | null;
  firstName?: string | null;
  [field: string]: unknown;
}

export interface AuthReply {
  requiresVerification?: boolean;
  user?: User;
  profile?: Record<string, unknown> | null;
}

export const isAirlineType = (t: string | null | undefined): boolean => t === 'airline' || t === 'airline_employee';
