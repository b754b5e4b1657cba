import { type AirportView, Limits } from '@aero/contracts';
import { Controller, Get, Header, Query } from '@nestjs/common';
import { airports } from './gazetteer.js';
import { searchQuery, type SearchText } from './search-query.js';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { AirportSchema } from '../openapi/schemas/profile.schema.js';

/**
 * GET /api/airports?q=den (signed in: base airport, the filter's base airports, layovers): up to
 * 10 US airports whose IATA code, city or a word of whose name starts with q, the exact code
 * first, as `[{code:'DEN', name, city:'Denver', state:'Colorado', label:'DEN · Denver, Colorado', timeZone:'America/Denver'}]`.
 * Answered from the airport list bundled with the gateway (OpenFlights data). q: `Limits.airportSearchMinChars` characters or more.
 */
@ApiTags('places')
@Controller('api/airports')
export class AirportsController {
  @ApiQuery({ name: 'q', required: true, description: `at least ${Limits.airportSearchMinChars} characters: a code, city or word of the name`, example: 'den' })
  @ApiOkResponse({ type: [AirportSchema], description: 'up to 10 US airports, the exact code first' })
  @ApiErrors({ 400: 'Too short or too long a query' })
  @Get()
  @Header('Cache-Control', 'private, max-age=3600')
  search(@Query('q', searchQuery(Limits.airportSearchMinChars)) query: SearchText): AirportView[] {
    return airports().search(query, Limits.locationSearchFetch);
  }
}
