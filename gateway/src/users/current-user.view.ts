import type { AccountView } from '@aero/contracts';

/**
 * The current user as the web app caches it: the account, later joined with the profile
 * service's fields (GET /api/users/me composes both).
 */
export type CurrentUserView = AccountView & { profileCompleted: boolean };

export const toCurrentUser = (account: AccountView): CurrentUserView => ({ ...account, profileCompleted: false });
