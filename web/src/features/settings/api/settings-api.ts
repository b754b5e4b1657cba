import type { BlockView, MemberSettings } from '@aero/contracts/shared';
import { api } from '../../../lib/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /api/users/{id} → {success:true}. */
    deleteAccount: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
    }),
    /** POST /api/auth/change-password: the other sessions end, this one stays. */
    changePassword: build.mutation<{ success: boolean }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    /** GET /api/users/me/settings: the member's privacy and notification choices, as the server enforces them (whichever browser saved them). */
    getMemberSettings: build.query<MemberSettings, void>({
      query: () => '/users/me/settings',
    }),
    /**
     * PUT /api/users/me/settings: the privacy and notification choices the server enforces; its
     * answer is what the screen shows next. `keepalive`: sent as the page goes away, it still arrives.
     */
    saveMemberSettings: build.mutation<MemberSettings, { settings: MemberSettings; keepalive?: boolean }>({
      query: ({ settings, keepalive }) => ({ url: '/users/me/settings', method: 'PUT', body: settings, keepalive }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (saved) dispatch(settingsApi.util.upsertQueryData('getMemberSettings', undefined, saved));
      },
    }),
    /** GET /api/push/public-key → {publicKey}: the VAPID key browsers subscribe with. */
    getPushPublicKey: build.query<{ publicKey: string }, void>({
      query: () => '/push/public-key',
    }),
    /** POST /api/push/subscriptions: this browser gets web push for the signed-in member. */
    savePushSubscription: build.mutation<{ success: boolean }, PushSubscriptionJSON>({
      query: (body) => ({ url: '/push/subscriptions', method: 'POST', body }),
    }),
    /** DELETE /api/push/subscriptions {endpoint}: this browser gets no more web push. */
    deletePushSubscription: build.mutation<{ success: boolean }, string>({
      query: (endpoint) => ({ url: '/push/subscriptions', method: 'DELETE', body: { endpoint } }),
    }),
    /** GET /api/blocks: the members this one blocked, the latest first. */
    getBlocks: build.query<BlockView[], void>({
      query: () => '/blocks',
      providesTags: ['Blocks'],
    }),
    /** DELETE /api/blocks/{userId}: the block is lifted (the match it ended stays ended). */
    unblock: build.mutation<{ success: boolean }, string>({
      query: (userId) => ({ url: `/blocks/${encodeURIComponent(userId)}`, method: 'DELETE', body: {} }),
      invalidatesTags: ['Blocks'],
    }),
    /** POST /api/auth/logout-others: every other session of the account ends. */
    logoutOthers: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/auth/logout-others', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useDeleteAccountMutation,
  useChangePasswordMutation,
  useLogoutOthersMutation,
  useGetMemberSettingsQuery,
  useSaveMemberSettingsMutation,
  useLazyGetPushPublicKeyQuery,
  useSavePushSubscriptionMutation,
  useDeletePushSubscriptionMutation,
  useGetBlocksQuery,
  useUnblockMutation,
} = settingsApi;
