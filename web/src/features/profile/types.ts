import type { CurrentUserView } from '@aero/contracts/shared';
/** GET /api/users/me: the account with the owner's profile fields (nulls before a profile exists). */
export type MyProfile = CurrentUserView;
