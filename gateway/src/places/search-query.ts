import { badRequest, ErrorCodes, Messages, ServerLimits, withNumber } from '@aero/contracts';
import type { PipeTransform } from '@nestjs/common';

/**
 * A checked search text. Not declared a plain `string`: the global ValidationPipe would turn a
 * repeated `?q=a&q=b` into the string 'a,b' before `searchQuery` sees (and refuses) the list.
 */
export type SearchText = string & { readonly searchText?: never };

/**
 * The `q` of a search (places, airports): trimmed, then `minChars` to
 * `ServerLimits.searchQueryMaxChars` characters, else a 400 with the texts of `Messages`.
 */
export const searchQuery = (minChars: number): PipeTransform<unknown, SearchText> => ({
  transform(q) {
    const query = typeof q === 'string' ? q.trim() : '';
    if (query.length < minChars) throw badRequest(withNumber(Messages.queryTooShort, minChars), ErrorCodes.queryTooShort);
    const max = ServerLimits.searchQueryMaxChars;
    if (query.length > max) throw badRequest(withNumber(Messages.queryTooLong, max), ErrorCodes.queryTooLong);
    return query;
  },
});
