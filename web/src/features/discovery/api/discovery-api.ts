import type { BoostStateView, BoostView, CandidateView, FilterPreferencesView, LayoverView, ProfileViewEntry, SwipeResult } from '@aero/contracts/shared';
import { api } from '../../../lib/api';
import { deckCall, LOAD_FILTERS_CALL, type DeckFilters } from '../lib/filters';

/** PUT /api/layover: an airport or a US city, and wall-clock times there */
export interface LayoverBody {
  airport: string | null;
  city: string | null;
  arrivesAt: string;
  departsAt: string;
  verifiedCrewOnly: boolean;
}

// Discovery and swiping (spec §7). The deck is fetched on demand (each call continues where the
// deck left off), so it is a query the screen triggers, never served from the cache.
export const discoveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/discovery, or /api/discovery/filtered when a filter narrows the deck */
    getDeck: build.query<CandidateView[], DeckFilters | null>({
      query: deckCall,
      keepUnusedDataFor: 0,
    }),
    loadFilterPreferences: build.query<FilterPreferencesView, void>({
      query: () => LOAD_FILTERS_CALL,
      providesTags: ['FilterPreferences'],
    }),
    saveFilterPreferences: build.mutation<FilterPreferencesView, DeckFilters>({
      query: (body) => ({ url: '/users/filter-preferences', method: 'POST', body }),
      async onQueryStarted(_filters, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(discoveryApi.util.upsertQueryData('loadFilterPreferences', undefined, data));
      },
    }),
    like: build.mutation<SwipeResult, { toUserId: string }>({
      query: ({ toUserId }) => ({ url: '/likes', method: 'PATCH', body: { toUserId, isSuper: false } }),
      invalidatesTags: (result) => (result?.isMatch ? ['Matches'] : []),
    }),
    superLike: build.mutation<SwipeResult, { toUserId: string }>({
      query: ({ toUserId }) => ({ url: '/super-like', method: 'POST', body: { toUserId } }),
      invalidatesTags: (result) => (result?.isMatch ? ['Matches'] : []),
    }),
    pass: build.mutation<unknown, { toUserId: string }>({
      query: ({ toUserId }) => ({ url: '/pass', method: 'POST', body: { toUserId } }),
    }),
    /** takes back the last swipe; the server names whom it brought back */
    undoSwipe: build.mutation<{ success: boolean; toUserId?: string; action?: string }, void>({
      query: () => ({ url: '/undo-swipe', method: 'POST', body: {} }),
    }),
    boost: build.mutation<BoostView, { duration: number }>({
      query: (body) => ({ url: '/boost', method: 'POST', body }),
    }),
    /** the member's boost as the server holds it (asked when a boost turns out to be on already: started on another device) */
    boostState: build.query<BoostStateView, void>({
      query: () => '/boost',
      keepUnusedDataFor: 0,
    }),
    recordProfileView: build.mutation<unknown, { viewedUserId: string }>({
      query: (body) => ({ url: '/profile-views', method: 'POST', body }),
    }),
    getProfileViews: build.query<ProfileViewEntry[], void>({
      query: () => '/profile-views',
      providesTags: ['ProfileViews'],
    }),
    getProfileViewCount: build.query<{ count: number }, void>({
      query: () => '/profile-views/count',
      providesTags: ['ProfileViews'],
    }),
    /** the member's layover (beyond spec), or null */
    getLayover: build.query<LayoverView | null, void>({
      query: () => '/layover',
      transformResponse: (body: { layover: LayoverView | null }) => body.layover,
    }),
    saveLayover: build.mutation<LayoverView, LayoverBody>({
      query: (body) => ({ url: '/layover', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(discoveryApi.util.upsertQueryData('getLayover', undefined, data));
      },
    }),
    cancelLayover: build.mutation<unknown, void>({
      query: () => ({ url: '/layover', method: 'DELETE', body: {} }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) dispatch(discoveryApi.util.upsertQueryData('getLayover', undefined, null));
      },
    }),
  }),
});

export const {
  useLazyGetDeckQuery,
  useLoadFilterPreferencesQuery,
  useSaveFilterPreferencesMutation,
  useLikeMutation,
  useSuperLikeMutation,
  usePassMutation,
  useUndoSwipeMutation,
  useBoostMutation,
  useLazyBoostStateQuery,
  useRecordProfileViewMutation,
  useGetProfileViewsQuery,
  useGetProfileViewCountQuery,
  useGetLayoverQuery,
  useSaveLayoverMutation,
  useCancelLayoverMutation,
} = discoveryApi;

/** the match list is shared with the chat (lib/shared-api) */
export { useGetMatchesQuery } from '../../../lib/shared-api';
