import type { AirportView } from '@aero/contracts/shared';
import { api } from './api';

// The airport search (beyond spec): base airport, the filter's base airports, layovers. Its own
// module, imported only by the screens that show an airport field (not the first screen).
export const airportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/airports?q= (≥ 2 characters): US airports by code, city or name, from the server's bundled list */
    searchAirports: build.query<AirportView[], string>({
      query: (q) => ({ url: '/airports', params: { q } }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useSearchAirportsQuery } = airportsApi;
