import { type LayoverView, Rpc, SaveLayoverBody } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Put, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { layoverPlace } from '../places/gazetteer.js';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessSchema } from '../openapi/schemas/common.schema.js';
import { LayoverReplySchema, LayoverSchema } from '../openapi/schemas/profile.schema.js';

/**
 * The member's layover (beyond spec; discovery owns it): GET answers it or null, PUT adds or
 * replaces it — `{airport:'ORD'}` or `{city:'Chicago, Illinois'}`, `arrivesAt` and `departsAt`
 * as wall-clock times there ('2026-03-06T18:30'), `verifiedCrewOnly` — and DELETE cancels it.
 * The gateway turns the airport or city into a city's centre and time zone from its bundled data.
 */
@ApiTags('discovery')
@Controller('api/layover')
export class LayoverController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  @ApiOkResponse({ type: LayoverReplySchema })
  @Get()
  async get(@CurrentUser() user: SessionUser): Promise<{ layover: LayoverView | null }> {
    return { layover: await this.ctx.rpc.send(Rpc.discovery.getLayover, { userId: user.id }) };
  }

  @ApiOkResponse({ type: LayoverSchema })
  @ApiErrors({ 400: 'Unknown place, or invalid times', 403: 'Verified airline crew only' })
  @Put()
  @UseGuards(RateLimitGuard)
  @RateLimit('layover')
  save(@CurrentUser() user: SessionUser, @Body() body: SaveLayoverBody): Promise<LayoverView> {
    return this.ctx.rpc.send(Rpc.discovery.saveLayover, {
      userId: user.id,
      place: layoverPlace(body),
      arrivesAt: body.arrivesAt,
      departsAt: body.departsAt,
      verifiedCrewOnly: body.verifiedCrewOnly ?? false,
    });
  }

  @ApiOkResponse({ type: SuccessSchema })
  @ApiErrors({ 404: 'No layover' })
  @Delete()
  @HttpCode(200)
  cancel(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.discovery.cancelLayover, { userId: user.id });
  }
}
