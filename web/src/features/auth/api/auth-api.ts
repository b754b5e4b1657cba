import { api } from '../../../lib/api';
import type { ApiError } from '../../../lib/http';
import { Limits } from '@aero/contracts/shared';
import type { AuthReply, User, UserType } from '../types/user';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry rule of the current-user query (spec §7): up to 2 retries, 1 s apart, never on 401. */
export function shouldRetryCurrentUser(error: ApiError, attempt: number): boolean {
  return attempt < Limits.currentUserRetries && error.status !== 401 && error.status !== 404;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/me; `null` means no user (404). */
    getCurrentUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        for (let attempt = 0; ; attempt++) {
          const result = await baseQuery('/users/me');
          if (!result.error) return { data: result.data as User };
          const error = result.error as ApiError;
          if (error.status === 404) return { data: null };
          if (!shouldRetryCurrentUser(error, attempt)) return { error };
          await sleep(Limits.currentUserRetryDelayMs);
        }
      },
      providesTags: ['Me'],
    }),
    signup: build.mutation<unknown, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    login: build.mutation<AuthReply, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<AuthReply, { email: string; code: string }>({
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
    updateUserType: build.mutation<User, { userType: UserType }>({
      query: (body) => ({ url: '/users/me', method: 'PATCH', body }),
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
