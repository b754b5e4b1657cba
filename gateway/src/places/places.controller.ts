import { Limits } from '@aero/contracts';
import { Controller, Get, Header, Query } from '@nestjs/common';
import { placeZone, places } from './gazetteer.js';
import type { Place } from './place-index.js';
import { searchQuery, type SearchText } from './search-query.js';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { PlaceSchema } from '../openapi/schemas/profile.schema.js';

/**
 * GET /api/places?q=dal (signed in: the location field of registration and profile editing):
 * up to 10 US cities, towns and villages whose name starts with q (or "City, State"), best first,
 * as `[{label:'Dallas, Texas', city, state, latitude:'32.78', longitude:'-96.81', timeZone:'America/Chicago'}]`
 * (the zone a layover there is read in). Answered from
 * a gazetteer bundled with the gateway (data/us-places.json), so no third party sees the query.
 * A q of fewer than `Limits.locationSearchMinChars` characters (after trimming) or more than
 * `ServerLimits.searchQueryMaxChars` is a 400 (`searchQuery`).
 */
@ApiTags('places')
@Controller('api/places')
export class PlacesController {
  @ApiQuery({ name: 'q', required: true, description: `at least ${Limits.locationSearchMinChars} characters`, example: 'dal' })
  @ApiOkResponse({ type: [PlaceSchema], description: 'up to 10 US places, best first' })
  @ApiErrors({ 400: 'Too short or too long a query' })
  @Get()
  @Header('Cache-Control', 'private, max-age=3600')
  search(@Query('q', searchQuery(Limits.locationSearchMinChars)) query: SearchText): (Place & { timeZone: string })[] {
    return places()
      .search(query, Limits.locationSearchFetch)
      .map((p) => ({ ...p, timeZone: placeZone(p) }));
  }
}
