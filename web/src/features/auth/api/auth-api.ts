import { api } from '../../../lib/api';
import { type CurrentUser, replyIsCurrentUser } from '../../../lib/current-user';
import type { AuthReply, UserType } from '../types/user';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signup: build.mutation<unknown, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    login: build.mutation<AuthReply, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<AuthReply, { email: string; code: string; password?: string }>({
      query: (body) => ({ url: '/auth/verify', method: 'POST', body }),
    }),
    resendVerification: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST', body: {} }),
    }),
    /** PATCH /api/users/me → the updated user, which becomes the current user; refused (the profile was completed elsewhere), the current user is asked for again. */
    updateUserType: build.mutation<CurrentUser, { userType: UserType }>({
      query: (body) => ({ url: '/users/me', method: 'PATCH', body }),
      onQueryStarted: replyIsCurrentUser,
      invalidatesTags: (_user, error) => (error ? ['CurrentUser'] : []),
    }),
  }),
});

export const {
  useSignupMutation,
  useLoginMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useUpdateUserTypeMutation,
} = authApi;
