import { type AuditEntryView, Limits, type ModerationAction, type ModerationCaseView, type ModerationOutcome } from '@aero/contracts/shared';
import { api } from '../../../lib/api';
import type { PendingVerification } from '../types';

const removeItem = (id: string) => (list: { id: string }[]) => {
  const i = list.findIndex((v) => v.id === id);
  if (i >= 0) list.splice(i, 1);
};

export const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminReports', 'AdminAudit'] }).injectEndpoints({
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
      invalidatesTags: ['AdminAudit'],
    }),
    /** open cases, most reporters then oldest first */
    getReports: build.query<ModerationCaseView[], void>({
      query: () => '/admin/reports',
      providesTags: ['AdminReports'],
    }),
    /** dismiss, warn, suspend or ban: the case leaves the queue, the audit log grows */
    moderateCase: build.mutation<ModerationOutcome, { id: string; action: ModerationAction; reason?: string; suspendDays?: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/reports/${id}/actions`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(adminApi.util.updateQueryData('getReports', undefined, removeItem(id)));
      },
      invalidatesTags: ['AdminAudit'],
    }),
    /** the audit log, newest first, a page at a time (each page before the last entry of the one above) */
    getAuditLog: build.infiniteQuery<AuditEntryView[], void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (page) => (page.length < Limits.auditPage ? undefined : page.at(-1)!.id),
      },
      query: ({ pageParam }) => (pageParam ? { url: '/admin/audit', params: { before: pageParam } } : '/admin/audit'),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useGetPendingVerificationsQuery, useReviewVerificationMutation, useGetReportsQuery, useModerateCaseMutation, useGetAuditLogInfiniteQuery } = adminApi;
export const documentUrl = (id: string) => `/api/admin/verifications/${id}/document`;
