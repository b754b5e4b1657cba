import { api } from '../../../lib/api';
import type { MyProfile } from '../types';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/me: the account with its profile. */
    getMyProfile: build.query<MyProfile, void>({
      query: () => '/users/me',
      providesTags: ['Profile'],
    }),
    /** PATCH /api/users/{id}: changed fields, the final photo list and the main photo. */
    updateProfile: build.mutation<MyProfile, { id: string; patch: Record<string, unknown> }>({
      query: ({ id, patch }) => ({ url: `/users/${id}`, method: 'PATCH', body: patch }),
      invalidatesTags: ['Profile', 'Discovery'],
    }),
  }),
});

export const { useGetMyProfileQuery, useUpdateProfileMutation } = profileApi;
