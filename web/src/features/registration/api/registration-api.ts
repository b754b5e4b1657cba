import { api } from '../../../lib/api';

export const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/users: the registration form with the uploaded photos' URLs → the user with its id. */
    createProfile: build.mutation<{ id: string } & Record<string, unknown>, Record<string, unknown>>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      invalidatesTags: ['Me', 'Profile'],
    }),
  }),
});

export const { useCreateProfileMutation } = registrationApi;
