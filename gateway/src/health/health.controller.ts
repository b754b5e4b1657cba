import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { Public } from '../http/public.decorator.js';
import { serviceHealth } from './service-health.js';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthSchema } from '../openapi/schemas/common.schema.js';

/** 200 when the gateway and every service answer over the bus; 503 with the failing ones otherwise. */
@ApiTags('operations')
@Public()
@Controller('api/health')
export class HealthController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  @ApiOkResponse({ type: HealthSchema, description: 'the gateway and every service answer' })
  @ApiServiceUnavailableResponse({ type: HealthSchema, description: 'a service does not answer' })
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const services = await serviceHealth(this.ctx.rpc);
    const ok = Object.values(services).every((status) => status === 'ok');
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', mode: this.ctx.mode, services };
  }
}
