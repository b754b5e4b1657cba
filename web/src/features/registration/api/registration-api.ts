import { api } from '../../../lib/api';
import { type CurrentUser, replyIsCurrentUser } from '../../../lib/current-user';

export const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/users: the registration form with the uploaded photos' URLs → the registered user, which becomes the current user. */
    createProfile: build.mutation<CurrentUser, Record<string, unknown>>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      onQueryStarted: replyIsCurrentUser,
    }),
  }),
});

export const { useCreateProfileMutation } = registrationApi;
