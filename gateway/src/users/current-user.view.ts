import { type AccountView, type CurrentUserView, emptyOwnProfile, type OwnProfileView } from '@aero/contracts';

/**
 * The current user as the web app caches it: the account joined with the owner's profile fields,
 * flat (`{...account, ...profile, id}`). Before registration the profile fields are empty
 * (nulls, the table's defaults) and `profileCompleted` is false.
 */
export const toCurrentUser = (account: AccountView, profile?: OwnProfileView | null): Omit<CurrentUserView, 'mustSubscribe'> => ({
  ...account,
  ...(profile ?? emptyOwnProfile()),
  id: account.id,
});
