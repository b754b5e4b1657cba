import type { AccountView, SubscriptionStatus, UserType } from '@aero/contracts';
import type { AccountEntity } from './account.orm-entity.js';

export const toAccountView = (a: AccountEntity): AccountView => ({
  id: a.id,
  email: a.email,
  emailVerified: a.emailVerified,
  isAdmin: a.isAdmin,
  userType: a.userType as UserType | null,
  subscriptionStatus: a.subscriptionStatus as SubscriptionStatus,
  createdAt: a.createdAt.toISOString(),
});
