import * as v from 'valibot';
import { FilterOptions, Limits } from '@aero/contracts/shared';
import { msg } from '../../../lib/forms';
import type { DeckFilters, GenderFilter } from './filters';

// The filter dialog (spec §3 lists, §5 Saved filter): ages 18 to 100 or empty, at most 10
// airlines and 20 positions, gender male, female or everyone (the default).

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

/** The airlines the dialog offers, with a saved one outside the list kept (so it stays visible). */
export const airlineChoices = (saved: readonly string[]) => [...new Set([...FilterOptions.airlines, ...saved])];
export const positionChoices = (saved: readonly string[]) => [...new Set([...FilterOptions.positions, ...saved])];
