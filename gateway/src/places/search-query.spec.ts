import { DomainError, ErrorCodes, Limits, ServerLimits } from '@aero/contracts';
import { searchQuery } from './search-query.js';

const refusal = (minChars: number, q: unknown) => {
  try {
    searchQuery(minChars).transform(q, { type: 'query', data: 'q' });
  } catch (error) {
    return error instanceof DomainError ? { status: error.status, code: error.code, message: error.message } : error;
  }
  return undefined;
};

describe('searchQuery: the q of the place and airport searches', () => {
  it('answers the query trimmed', () => {
    expect(searchQuery(Limits.airportSearchMinChars).transform('  den ', { type: 'query', data: 'q' })).toBe('den');
    expect(searchQuery(Limits.locationSearchMinChars).transform('x'.repeat(ServerLimits.searchQueryMaxChars), { type: 'query', data: 'q' })).toHaveLength(100);
  });

  it("refuses fewer than the search's own minimum (after trimming), a missing or repeated q, with the shared text", () => {
    for (const q of ['', '  d  ', undefined, ['den', 'ver']]) {
      expect(refusal(Limits.airportSearchMinChars, q)).toEqual({ status: 400, code: ErrorCodes.queryTooShort, message: 'Type at least 2 characters' });
    }
    expect(refusal(Limits.locationSearchMinChars, 'da')).toEqual({ status: 400, code: ErrorCodes.queryTooShort, message: 'Type at least 3 characters' });
  });

  it('refuses more than ServerLimits.searchQueryMaxChars characters, whatever the search', () => {
    for (const min of [Limits.airportSearchMinChars, Limits.locationSearchMinChars]) {
      expect(refusal(min, 'x'.repeat(101))).toEqual({ status: 400, code: ErrorCodes.queryTooLong, message: 'Type at most 100 characters' });
    }
  });
});
