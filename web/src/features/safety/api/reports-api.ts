import { api, CHANGED_BY_BLOCK } from '../../../lib/api';
import type { reportBody } from '../lib/report-form';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** a report (and the block that goes with it unless turned off): the deck and the matches change */
    reportMember: build.mutation<{ success: true; blocked: boolean }, ReturnType<typeof reportBody>>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
      invalidatesTags: (result) => (result?.blocked ? [...CHANGED_BY_BLOCK] : []),
    }),
  }),
});

export const { useReportMemberMutation } = reportsApi;
