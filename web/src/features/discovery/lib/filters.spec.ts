import * as v from 'valibot';
import { FilterOptions } from '@aero/contracts/shared';
import { firstIssues } from '../../../lib/forms';
import { render } from '../../../i18n/testing';
import { AGE_PLACEHOLDERS, filterSchema, filtersFromForm, formFromFilters, type FilterForm } from './filter-form';
import { filterQuery, hasFilters, NO_FILTERS } from './filters';

const form = (patch: Partial<FilterForm> = {}): FilterForm => ({ minAge: '', maxAge: '', airlines: [], positions: [], gender: 'everyone', baseAirports: [], ...patch });
const messages = (input: FilterForm) => Object.fromEntries(Object.entries(firstIssues(filterSchema, input)).map(([k, id]) => [k, render(id!)]));

describe('the filter dialog (spec §5 Saved filter)', () => {
  it('offers the spec lists and the age placeholders 18 and 65', () => {
    expect(FilterOptions.airlines).toContain('JetBlue');
    expect(FilterOptions.positions).toEqual(['Pilot', 'Flight Attendant', 'Air Traffic Controller', 'Aircraft Mechanic', 'Ground Crew', 'Customer Service', 'Operations', 'Management']);
    expect(AGE_PLACEHOLDERS).toEqual({ min: 18, max: 65 });
  });

  it('accepts empty ages and ages from 18 to 100', () => {
    expect(messages(form())).toEqual({});
    expect(messages(form({ minAge: '18', maxAge: '100' }))).toEqual({});
    expect(messages(form({ minAge: '30', maxAge: '30' }))).toEqual({});
  });

  it("says 'Minimum age must be less than or equal to maximum age'", () => {
    expect(messages(form({ minAge: '40', maxAge: '30' }))).toEqual({ minAge: 'Minimum age must be less than or equal to maximum age' });
  });

  it('refuses ages outside 18 to 100', () => {
    expect(messages(form({ minAge: '17' }))).toEqual({ minAge: 'Age must be between 18 and 100' });
    expect(messages(form({ maxAge: '101' }))).toEqual({ maxAge: 'Age must be between 18 and 100' });
    expect(messages(form({ maxAge: '2.5' }))).toEqual({ maxAge: 'Age must be between 18 and 100' });
  });

  it('keeps at most 10 airlines and 20 positions, and gender male, female or everyone', () => {
    expect(v.safeParse(filterSchema, form({ airlines: Array.from({ length: 11 }, (_, i) => `A${i}`) })).success).toBe(false);
    expect(v.safeParse(filterSchema, form({ positions: Array.from({ length: 21 }, (_, i) => `P${i}`) })).success).toBe(false);
    expect(v.safeParse(filterSchema, { ...form(), gender: 'robots' }).success).toBe(false);
    expect(messages(form({ baseAirports: ['ATL', 'BOS', 'DEN', 'DFW', 'JFK', 'LAX', 'LGA', 'MIA', 'ORD', 'SEA', 'SFO'] }))).toEqual({ baseAirports: 'At most 10 base airports' });
  });

  it('turns the dialog into the saved filter and back', () => {
    const saved = filtersFromForm(form({ minAge: '25', maxAge: ' ', airlines: ['Delta Air Lines'], gender: 'female' }));
    expect(saved).toEqual({ minAge: 25, maxAge: null, airlines: ['Delta Air Lines'], positions: [], gender: 'female', baseAirports: [] });
    expect(formFromFilters(saved)).toEqual(form({ minAge: '25', airlines: ['Delta Air Lines'], gender: 'female' }));
  });

  it('asks /api/discovery/filtered with comma-joined lists and no gender for everyone (spec §7)', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, gender: 'male' })).toBe(true);
    expect(filterQuery({ minAge: 25, maxAge: 40, airlines: ['Delta Air Lines', 'JetBlue'], positions: ['Pilot'], gender: 'everyone', baseAirports: ['DEN', 'ORD'] })).toEqual({
      minAge: 25,
      maxAge: 40,
      airlines: 'Delta Air Lines,JetBlue',
      positions: 'Pilot',
      gender: undefined,
      baseAirports: 'DEN,ORD',
    });
    expect(hasFilters({ ...NO_FILTERS, baseAirports: ['DEN'] })).toBe(true);
    expect(filterQuery({ ...NO_FILTERS, gender: 'female' })).toEqual({ minAge: undefined, maxAge: undefined, airlines: undefined, positions: undefined, gender: 'female', baseAirports: undefined });
  });
});
