import { api } from '../../../lib/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /api/users/{id} → {success:true}. */
    deleteAccount: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useDeleteAccountMutation } = settingsApi;
