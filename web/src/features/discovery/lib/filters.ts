import type { FilterPreferencesView } from '@aero/contracts/shared';
import type { HttpRequest } from '../../../lib/http';

// A deck's filters (spec §5 Saved filter) as the deck is asked for with them; the dialog's form of
// them is in filter-form.ts.

export type GenderFilter = FilterPreferencesView['gender'];
export type DeckFilters = FilterPreferencesView;

export const NO_FILTERS: DeckFilters = { minAge: null, maxAge: null, airlines: [], positions: [], gender: 'everyone', baseAirports: [] };

/** Whether any filter narrows the deck. */
export const hasFilters = (f: DeckFilters | null | undefined): f is DeckFilters =>
  !!f && (f.minAge != null || f.maxAge != null || f.airlines.length > 0 || f.positions.length > 0 || f.gender !== 'everyone' || (f.baseAirports ?? []).length > 0);

/** The query of GET /api/discovery/filtered (spec §7): lists comma-joined, gender omitted when everyone. */
export function filterQuery(f: DeckFilters): Record<string, string | number | undefined> {
  return {
    minAge: f.minAge ?? undefined,
    maxAge: f.maxAge ?? undefined,
    airlines: f.airlines.length ? f.airlines.join(',') : undefined,
    positions: f.positions.length ? f.positions.join(',') : undefined,
    gender: f.gender === 'everyone' ? undefined : f.gender,
    baseAirports: f.baseAirports?.length ? f.baseAirports.join(',') : undefined,
  };
}

/** The deck's call (spec §7): GET /api/discovery, or /api/discovery/filtered when a filter narrows the deck. */
export const deckCall = (f: DeckFilters | null): HttpRequest => (hasFilters(f) ? { url: '/discovery/filtered', params: filterQuery(f) } : { url: '/discovery' });

/** The saved filters' call (spec §7): POST /api/users/filter-preferences/load. */
export const LOAD_FILTERS_CALL: HttpRequest = { url: '/users/filter-preferences/load', method: 'POST' };
