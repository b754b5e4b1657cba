import { api } from '../../../lib/api';
import type { PendingVerification } from '../types';

const removeItem = (id: string) => (list: PendingVerification[]) => {
  const i = list.findIndex((v) => v.id === id);
  if (i >= 0) list.splice(i, 1);
};

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendingVerifications: build.query<PendingVerification[], void>({
      query: () => '/admin/verifications',
      providesTags: ['AdminVerifications'],
    }),
    /** approve or reject; the item leaves the pending list once the server agrees */
    reviewVerification: build.mutation<unknown, { id: string; decision: 'approve' | 'reject' }>({
      query: ({ id, decision }) => ({ url: `/admin/verifications/${id}/${decision}`, method: 'POST', body: {} }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(adminApi.util.updateQueryData('getPendingVerifications', undefined, removeItem(id)));
      },
    }),
  }),
});

export const { useGetPendingVerificationsQuery, useReviewVerificationMutation } = adminApi;
export const documentUrl = (id: string) => `/api/admin/verifications/${id}/document`;
