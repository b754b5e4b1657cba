import { badRequest, ErrorCodes, Limits } from '@aero/contracts';
import { Controller, Get, Header, Query } from '@nestjs/common';
import { placeZone, places } from './gazetteer.js';
import type { Place } from './place-index.js';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { PlaceSchema } from '../openapi/schemas/profile.schema.js';

export const PLACE_QUERY_MAX = 100;
export const placeQueryTooShort = `Type at least ${Limits.locationSearchMinChars} characters`;

/**
 * GET /api/places?q=dal (signed in: the location field of registration and profile editing):
 * up to 10 US cities, towns and villages whose name starts with q (or "City, State"), best first,
 * as `[{label:'Dallas, Texas', city, state, latitude:'32.78', longitude:'-96.81', timeZone:'America/Chicago'}]`
 * (the zone a layover there is read in). Answered from
 * a gazetteer bundled with the gateway (data/us-places.json), so no third party sees the query.
 * A q of fewer than 3 characters (after trimming) is a 400.
 */
@ApiTags('places')
@Controller('api/places')
export class PlacesController {
  @ApiQuery({ name: 'q', required: true, description: `at least ${Limits.locationSearchMinChars} characters`, example: 'dal' })
  @ApiOkResponse({ type: [PlaceSchema], description: 'up to 10 US places, best first' })
  @ApiErrors({ 400: 'Too short or too long a query' })
  @Get()
  @Header('Cache-Control', 'private, max-age=3600')
  search(@Query('q') q: unknown): (Place & { timeZone: string })[] {
    const query = typeof q === 'string' ? q.trim() : '';
    if (query.length < Limits.locationSearchMinChars) throw badRequest(placeQueryTooShort, ErrorCodes.queryTooShort);
    if (query.length > PLACE_QUERY_MAX) throw badRequest(`Type at most ${PLACE_QUERY_MAX} characters`, ErrorCodes.queryTooLong);
    return places()
      .search(query, Limits.locationSearchFetch)
      .map((p) => ({ ...p, timeZone: placeZone(p) }));
  }
}
