import { badRequest, ErrorCodes, ReportBody, Rpc, SafetyMessages } from '@aero/contracts';
import { Body, Controller, Inject, Post, UseGuards } from '@nestjs/common';
import { BlocksService } from '../chat/blocks.service.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessWithBlockSchema } from '../openapi/schemas/common.schema.js';

/**
 * Reports (trust and safety): a member reports another they may block (BlocksService's rule:
 * someone they can see, have blocked, or talked with; anyone else is an unknown profile) with a
 * reason, details and the messages of their conversation they attach; identity adds it to the
 * reported member's open case. Reporting blocks too unless `block` is false. Nothing of it ever
 * reaches the reported member.
 */
@ApiTags('trust and safety')
@Controller('api/reports')
export class ReportsController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly blocking: BlocksService,
  ) {}

  @ApiCreatedResponse({ type: SuccessWithBlockSchema })
  @ApiErrors({ 404: 'Unknown profile' })
  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('safety')
  async report(@CurrentUser() user: SessionUser, @Body() body: ReportBody) {
    if (body.userId === user.id) throw badRequest(SafetyMessages.cannotReportSelf, ErrorCodes.cannotReportSelf);
    // the block (safe to repeat) before the report: a retry after either failed files the report once
    const blocked = body.block !== false;
    if (blocked) await this.blocking.block(user.id, body.userId);
    else await this.blocking.checkMayBlockOrReport(user.id, body.userId);
    const messages = body.messageIds?.length ? await this.ctx.rpc.send(Rpc.messaging.messagesForReport, { userId: user.id, otherUserId: body.userId, messageIds: body.messageIds }) : [];
    await this.ctx.rpc.send(Rpc.identity.fileReport, { reporterId: user.id, reportedId: body.userId, reason: body.reason, details: body.details ?? null, messages });
    return { success: true, blocked };
  }
}
