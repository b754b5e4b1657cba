import type { AccountTypeSetEvent, AccountView, Restriction, SubscriptionStatus, UserType } from '@aero/contracts';
import type { Account } from './account.js';

/** `isAdmin` follows ADMIN_EMAILS as it is now (not as it was at sign-up or sign-in). */
export const toAccountView = (a: Account, adminEmails: readonly string[]): AccountView => ({
  id: a.id,
  email: a.email,
  emailVerified: a.emailVerified,
  isAdmin: adminEmails.includes(a.email),
  userType: a.userType as UserType | null,
  subscriptionStatus: a.subscriptionStatus as SubscriptionStatus,
  subscriptionExpiresAt: a.subscriptionExpiresAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
});

/** what other services learn when an account gets (or changes) its type */
export const accountTypeSetEvent = (a: Account, now: Date): AccountTypeSetEvent => ({
  accountId: a.id,
  revision: a.revision,
  userType: a.userType as UserType,
  subscriptionStatus: a.subscriptionStatus as SubscriptionStatus,
  demo: a.demo,
  registeredAt: a.createdAt.toISOString(),
  restriction: restrictionOf(a, now),
});

/** the account's standing now: banned, suspended until a moment, or null */
export function restrictionOf(a: Pick<Account, 'bannedAt' | 'suspendedUntil'>, now: Date): Restriction | null {
  if (a.bannedAt) return { kind: 'banned', until: null };
  if (a.suspendedUntil && a.suspendedUntil > now) return { kind: 'suspended', until: a.suspendedUntil.toISOString() };
  return null;
}
