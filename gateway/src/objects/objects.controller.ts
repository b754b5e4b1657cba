import { handleSignedObjectRequest, LocalObjectStorage } from '@aero/ports';
import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { Public } from '../http/public.decorator.js';

/**
 * GET|HEAD /objects/<key>?method=GET&exp=…&sig=…: the local object storage's signed URLs. The
 * signature is the access check (it is handed out only after one), so the route is public. With
 * S3 storage the URLs point at S3 and this route is a 404. Uploads through signed PUT URLs are
 * not served: nothing in the product uses them (uploads go through /api with a session).
 */
@Public()
@Controller('objects')
export class ObjectsController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  // Fastify answers HEAD from this GET route (without the body); the signature check sees HEAD.
  @Get('*')
  async read(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(this.ctx.storage instanceof LocalObjectStorage)) throw new NotFoundException('Not found');
    const answer = await handleSignedObjectRequest(this.ctx.storage, this.ctx.secret, { method: request.method, url: request.url });
    return reply.status(answer.status).headers(answer.headers).send(answer.body ?? '');
  }
}
