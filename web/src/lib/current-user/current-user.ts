import { useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type CurrentUserView, Limits } from '@aero/contracts/shared';
import { api } from '../api';
import type { ApiError } from '../http';
import { sleep } from '../sleep';
import { CURRENT_USER_CALL } from './current-user-view';

// The one copy of the current user in the browser: the cache entry of `getCurrentUser`
// (GET /api/users/me). Every reader selects it; it changes only by
// - its own fetch (on load, after login, a screen that asks for it fresh);
// - `setCurrentUser`: a login, a failed load that clears, and every mutation whose reply is the
//   user (PATCH /api/users/me, POST /api/users, PATCH /api/users/{id}: `replyIsCurrentUser`);
// - `patchCurrentUser`: a reply that states part of the user without carrying it
//   (get-or-create subscription: active, or nothing to pay);
// - its tag 'CurrentUser', invalidated where the server changed the user and said nothing about
//   it (a verification document uploaded, a review pushed): the entry is fetched again.
// localStorage holds a copy of it (persisted-user.ts), read once at start-up.

/** The current user as GET /api/users/me answers it: the account joined with the owner's profile, and whether they must pay. */
export type CurrentUser = CurrentUserView;

/** Retry rule of the current-user query (spec §7): up to 2 retries, 1 s apart, never on 401, nor on 404 (no user: an answer, not a failure). */
export function shouldRetryCurrentUser(error: ApiError, attempt: number): boolean {
  return attempt < Limits.currentUserRetries && error.status !== 401 && error.status !== 404;
}

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/me; `null` means no user (404). */
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        for (let attempt = 0; ; attempt++) {
          const result = await baseQuery(CURRENT_USER_CALL);
          if (!result.error) return { data: result.data as CurrentUser };
          const error = result.error as ApiError;
          if (error.status === 404) return { data: null };
          if (!shouldRetryCurrentUser(error, attempt)) return { error };
          await sleep(Limits.currentUserRetryDelayMs);
        }
      },
      providesTags: ['CurrentUser'],
    }),
  }),
});

/** Subscribes to the entry (a screen that shows the user; with `refetchOnMountOrArgChange` it asks the server again). */
export const { useGetCurrentUserQuery } = currentUserApi;

const selectEntry = currentUserApi.endpoints.getCurrentUser.select();
export type StateWithCurrentUser = Parameters<typeof selectEntry>[0];

/** The current user, or null when nobody is signed in (or not known yet). */
export const selectCurrentUser = (state: StateWithCurrentUser): CurrentUser | null => selectEntry(state).data ?? null;

export const useCurrentUser = (): CurrentUser | null => useSelector(selectCurrentUser);

/** Replaces the current user (null: nobody): a login, a reply that is the user, a load that failed. */
export const setCurrentUser = (user: CurrentUser | null) => currentUserApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: user }]);

/** Applies what a reply says about the user without carrying it; nothing without a user. */
export const patchCurrentUser = (patch: Partial<CurrentUser>) =>
  currentUserApi.util.updateQueryData('getCurrentUser', undefined, (draft) => {
    if (draft) Object.assign(draft, patch);
  });

/** `onQueryStarted` of a mutation whose reply is the current user: the reply replaces the entry. */
export async function replyIsCurrentUser(_arg: unknown, { dispatch, queryFulfilled }: { dispatch: ThunkDispatch<unknown, unknown, UnknownAction>; queryFulfilled: Promise<{ data: CurrentUser }> }) {
  try {
    const { data } = await queryFulfilled;
    if (data && typeof data === 'object' && typeof data.id === 'string') dispatch(setCurrentUser(data));
  } catch {
    /* refused: the user is as it was */
  }
}

/** Whether the member must subscribe before using the app: the server's answer (`mustSubscribe`). */
export const needsSubscription = (u: CurrentUser): boolean => !u.isAdmin && !!u.userType && u.mustSubscribe;
