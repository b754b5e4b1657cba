import { Controller, Get, Inject, Post, Req, UseGuards } from '@nestjs/common';

import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { readMultipartForm } from '../uploads/multipart-form.js';
import { UPLOADS_BUSY_DESCRIPTION, UploadSlots } from '../uploads/upload-slots.js';
import { VerificationDocuments } from './verification-documents.js';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { VerificationStatusSchema } from '../openapi/schemas/profile.schema.js';

/**
 * Employment verification (signed in). POST takes multipart `document` (one PDF or image, and
 * `userId` during registration, which must be the session's own) and answers `{status:'pending'}`;
 * GET status answers `{status}` (none, pending, approved or rejected).
 */
@ApiTags('verification')
@Controller('api/verification')
export class VerificationController {
  private readonly documents: VerificationDocuments;

  constructor(
    @Inject(GATEWAY_CONTEXT) ctx: GatewayContext,
    private readonly slots: UploadSlots,
  ) {
    this.documents = new VerificationDocuments(ctx.storage, ctx.rpc);
  }

  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['document'], properties: { document: { type: 'string', format: 'binary', description: 'one PDF or image, at most 10 MB' }, userId: { type: 'string', format: 'uuid', description: "during registration: the session's own id" } } } })
  @ApiCreatedResponse({ type: VerificationStatusSchema, description: 'pending review' })
  @ApiErrors({ 400: 'Not a PDF or image, or too large', 403: "userId is not the session's own", 503: UPLOADS_BUSY_DESCRIPTION })
  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async submit(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.slots.run(user.id, async () => {
      // a second file stops the reading: it is counted, never buffered
      const form = await readMultipartForm(request, { maxFiles: 1 });
      return this.documents.submit(user.id, form);
    }, request.raw.socket);
  }

  @ApiOkResponse({ type: VerificationStatusSchema })
  @Get('status')
  status(@CurrentUser() user: SessionUser) {
    return this.documents.status(user.id);
  }
}
