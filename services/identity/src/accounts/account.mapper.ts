import type { AccountTypeSetEvent, AccountView, SubscriptionStatus, UserType } from '@aero/contracts';
import type { AccountEntity } from './account.orm-entity.js';

/** `isAdmin` follows ADMIN_EMAILS as it is now (not as it was at sign-up or sign-in). */
export const toAccountView = (a: AccountEntity, adminEmails: readonly string[]): AccountView => ({
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
export const accountTypeSetEvent = (a: AccountEntity): AccountTypeSetEvent => ({
  accountId: a.id,
  revision: a.revision,
  userType: a.userType as UserType,
  subscriptionStatus: a.subscriptionStatus as SubscriptionStatus,
  demo: a.demo,
  registeredAt: a.createdAt.toISOString(),
});
