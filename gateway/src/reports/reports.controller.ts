import { badRequest, Messages, notFound, ReportBody, Rpc, SafetyMessages } from '@aero/contracts';
import { Body, Controller, Inject, Post, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessWithBlockSchema } from '../openapi/schemas/common.schema.js';

/**
 * Reports (trust and safety): a member reports another they can see (or have blocked, or talked with) with a
 * reason, details and the messages of their conversation they attach; identity adds it to the
 * reported member's open case. Reporting blocks too unless `block` is false. Nothing of it ever
 * reaches the reported member.
 */
@ApiTags('trust and safety')
@Controller('api/reports')
export class ReportsController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  @ApiCreatedResponse({ type: SuccessWithBlockSchema })
  @ApiErrors({ 404: 'Unknown profile' })
  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('safety')
  async report(@CurrentUser() user: SessionUser, @Body() body: ReportBody) {
    if (body.userId === user.id) throw badRequest(SafetyMessages.cannotReportSelf, 'cannot_report_self');
    if (!(await this.canReport(user.id, body.userId))) throw notFound(Messages.unknownProfile, 'unknown_profile');
    const messages = body.messageIds?.length ? await this.ctx.rpc.send(Rpc.messaging.messagesForReport, { userId: user.id, otherUserId: body.userId, messageIds: body.messageIds }) : [];
    // the block (safe to repeat) before the report: a retry after either failed files the report once
    const blocked = body.block !== false;
    if (blocked) await this.ctx.rpc.send(Rpc.discovery.block, { userId: user.id, otherUserId: body.userId });
    await this.ctx.rpc.send(Rpc.identity.fileReport, { reporterId: user.id, reportedId: body.userId, reason: body.reason, details: body.details ?? null, messages });
    return { success: true, blocked };
  }

  /**
   * someone the member can see (deck, match, who viewed me), has blocked already (a second
   * report), or had a conversation with (a member who harassed them and then blocked or unmatched
   * them stays reportable); not any account by its id
   */
  private async canReport(userId: string, otherUserId: string) {
    if ((await this.ctx.rpc.send(Rpc.discovery.canSeePhotos, { viewerId: userId, ownerId: otherUserId })).allowed) return true;
    if ((await this.ctx.rpc.send(Rpc.messaging.hadConversation, { userId, otherUserId })).had) return true;
    return (await this.ctx.rpc.send(Rpc.discovery.listBlocks, { userId })).some((b) => b.userId === otherUserId);
  }
}
