import { Controller, Get, Inject, Post, Req, UseGuards } from '@nestjs/common';

import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { readMultipartForm } from '../uploads/multipart-form.js';
import { VerificationDocuments } from './verification-documents.js';

/**
 * Employment verification (signed in). POST takes multipart `document` (one PDF or image, and
 * `userId` during registration, which must be the session's own) and answers `{status:'pending'}`;
 * GET status answers `{status}` (none, pending, approved or rejected).
 */
@Controller('api/verification')
export class VerificationController {
  private readonly documents: VerificationDocuments;

  constructor(@Inject(GATEWAY_CONTEXT) ctx: GatewayContext) {
    this.documents = new VerificationDocuments(ctx.storage, ctx.rpc);
  }

  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async submit(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    // a second file stops the reading: it is counted, never buffered
    const form = await readMultipartForm(request, { maxFiles: 1 });
    return this.documents.submit(user.id, form);
  }

  @Get('status')
  status(@CurrentUser() user: SessionUser) {
    return this.documents.status(user.id);
  }
}
