import type { MatchView, VerificationStatus } from '@aero/contracts/shared';
import { api } from './api';
import { MATCHES_CALL, VERIFICATION_STATUS_CALL } from './current-user/current-user-view';
import { presenceTold } from './realtime/realtime-slice';

// Endpoints more than one feature calls (registration, profile, settings, discovery, chat): photo
// and document uploads, the verification status, the place search and the match list. Features never import each other, so
// these live here, next to the one createApi.

export interface PlaceSuggestion {
  label: string;
  city: string;
  state: string;
  latitude: number | string;
  longitude: number | string;
  /** the IANA time zone of the place (a layover there is read on its clock) */
  timeZone?: string;
}

export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/photos, multipart field `photos` (1–6 files) → the stored photos' URLs. */
    uploadPhotos: build.mutation<{ photos: string[] }, File[]>({
      query: (files) => {
        const form = new FormData();
        for (const file of files) form.append('photos', file, file.name);
        return { url: '/photos', method: 'POST', body: form };
      },
    }),
    /**
     * POST /api/verification, multipart `document` (+ `userId` during registration). Its reply is
     * the document's status, not the user: the current user (whether they must pay) is fetched again.
     */
    uploadVerificationDocument: build.mutation<{ status: VerificationStatus }, { file: File; userId?: string }>({
      query: ({ file, userId }) => {
        const form = new FormData();
        if (userId) form.append('userId', userId);
        form.append('document', file, file.name);
        return { url: '/verification', method: 'POST', body: form };
      },
      invalidatesTags: ['Verification', 'AdminVerifications', 'CurrentUser'],
    }),
    getVerificationStatus: build.query<{ status: VerificationStatus }, void>({
      query: () => VERIFICATION_STATUS_CALL,
      providesTags: ['Verification'],
    }),
    /** GET /api/places?q= (≥ 3 characters): US places from the server's gazetteer. */
    searchPlaces: build.query<PlaceSuggestion[], string>({
      query: (q) => ({ url: '/places', params: { q } }),
      keepUnusedDataFor: 300,
    }),
    /** GET /api/matches: the member's matches, newest activity first (spec §3 match list item) */
    getMatches: build.query<MatchView[], void>({
      query: () => MATCHES_CALL,
      providesTags: ['Matches'],
      // who of them is online (as they show it): the set of online members takes it (lib/realtime)
      onQueryStarted(_, { dispatch, queryFulfilled }) {
        const at = Date.now();
        queryFulfilled.then(({ data }) => dispatch(presenceTold({ at, online: Object.fromEntries(data.map((m) => [m.otherUser.id, !!m.online])) })), () => undefined);
      },
    }),
  }),
});

export const { useUploadPhotosMutation, useUploadVerificationDocumentMutation, useGetVerificationStatusQuery, useSearchPlacesQuery, useGetMatchesQuery } = sharedApi;
