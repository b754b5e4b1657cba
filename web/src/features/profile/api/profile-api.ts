import { api } from '../../../lib/api';
import { type CurrentUser, replyIsCurrentUser } from '../../../lib/current-user';

// The profile screen shows the current user (lib/current-user: GET /api/users/me is the account
// with its profile); saving answers with the updated user, which becomes the current user.
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /api/users/{id}: changed fields, the final photo list and the main photo → the updated user. */
    updateProfile: build.mutation<CurrentUser, { id: string; patch: Record<string, unknown> }>({
      query: ({ id, patch }) => ({ url: `/users/${id}`, method: 'PATCH', body: patch }),
      onQueryStarted: replyIsCurrentUser,
      invalidatesTags: ['Discovery'],
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
