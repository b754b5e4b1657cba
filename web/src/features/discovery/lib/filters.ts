import * as v from 'valibot';
import { FilterOptions, Limits, type FilterPreferencesView } from '@aero/contracts/shared';
import { msg } from '../../../lib/forms';

// The filter dialog (spec §3 lists, §5 Saved filter): ages 18 to 100 or empty, at most 10
// airlines and 20 positions, gender male, female or everyone (the default).

export type GenderFilter = FilterPreferencesView['gender'];
export type DeckFilters = FilterPreferencesView;

export const NO_FILTERS: DeckFilters = { minAge: null, maxAge: null, airlines: [], positions: [], gender: 'everyone', baseAirports: [] };

/** The dialog's values: ages as typed ('' = any). */
export interface FilterForm {
  minAge: string;
  maxAge: string;
  airlines: string[];
  positions: string[];
  gender: GenderFilter;
  /** IATA codes (beyond spec: members based at one of them) */
  baseAirports: string[];
}

/** The age placeholders the dialog shows (spec §5). */
export const AGE_PLACEHOLDERS = { min: 18, max: 65 } as const;

const age = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => s === '' || (/^\d+$/.test(s) && Number(s) >= Limits.filterAgeMin && Number(s) <= Limits.filterAgeMax), msg('messages.filterAgeRange')),
);

export const filterSchema = v.pipe(
  v.object({
    minAge: age,
    maxAge: age,
    airlines: v.pipe(v.array(v.string()), v.maxLength(Limits.filterMaxAirlines)),
    positions: v.pipe(v.array(v.string()), v.maxLength(Limits.filterMaxPositions)),
    gender: v.picklist(FilterOptions.gender),
    baseAirports: v.pipe(v.array(v.string()), v.maxLength(Limits.filterMaxBaseAirports, msg('messages.tooManyBaseAirports'))),
  }),
  v.forward(
    v.partialCheck([['minAge'], ['maxAge']], ({ minAge, maxAge }) => minAge === '' || maxAge === '' || Number(minAge) <= Number(maxAge), msg('messages.minAgeAboveMax')),
    ['minAge'],
  ),
);

export function formFromFilters(f: DeckFilters): FilterForm {
  return { minAge: f.minAge == null ? '' : String(f.minAge), maxAge: f.maxAge == null ? '' : String(f.maxAge), airlines: [...f.airlines], positions: [...f.positions], gender: f.gender, baseAirports: [...(f.baseAirports ?? [])] };
}

/** The saved filter from the dialog's (valid) values. */
export function filtersFromForm(form: FilterForm): DeckFilters {
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  return { minAge: num(form.minAge), maxAge: num(form.maxAge), airlines: form.airlines, positions: form.positions, gender: form.gender, baseAirports: form.baseAirports };
}

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

/** The airlines the dialog offers, with a saved one outside the list kept (so it stays visible). */
export const airlineChoices = (saved: readonly string[]) => [...new Set([...FilterOptions.airlines, ...saved])];
export const positionChoices = (saved: readonly string[]) => [...new Set([...FilterOptions.positions, ...saved])];
