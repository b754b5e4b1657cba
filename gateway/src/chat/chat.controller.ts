import { attachmentKey, attachmentKeyFrom, BlockBody, Limits, Messages, MessagesPageQuery, RegisterAttachmentBody, Rpc, SendMessageBody } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { checkAttachment } from './attachment-files.js';
import { ChatService } from './chat.service.js';
import { toMessageViews } from './message-links.js';

const uuid = (message: string) => new ParseUUIDPipe({ version: '4', exceptionFactory: () => new NotFoundException(message) });

/**
 * Conversations of spec §7: messages, read receipts, attachments, unmatch and blocks. Every call
 * acts as the session's member; the services check that a match id is one of theirs (404 when not).
 */
@Controller('api')
export class ChatController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly chat: ChatService,
  ) {}

  /** the latest page in chronological order; `?before=<messageId>` for the page before it */
  @Get('matches/:matchId/messages')
  async messages(@CurrentUser() user: SessionUser, @Param('matchId', uuid(Messages.matchNotFound)) matchId: string, @Query() query: MessagesPageQuery) {
    const messages = await this.ctx.rpc.send(Rpc.messaging.listMessages, { userId: user.id, matchId, before: query.before });
    return toMessageViews(this.ctx.storage, messages);
  }

  @Post('matches/:matchId/messages')
  send(@CurrentUser() user: SessionUser, @Param('matchId', uuid(Messages.matchNotFound)) matchId: string, @Body() body: SendMessageBody) {
    return this.chat.send(user.id, matchId, body);
  }

  @Post('matches/:matchId/read')
  @HttpCode(200)
  markRead(@CurrentUser() user: SessionUser, @Param('matchId', uuid(Messages.matchNotFound)) matchId: string) {
    return this.ctx.rpc.send(Rpc.messaging.markRead, { userId: user.id, matchId });
  }

  @Delete('matches/:matchId')
  @HttpCode(200)
  unmatch(@CurrentUser() user: SessionUser, @Param('matchId', uuid(Messages.matchNotFound)) matchId: string) {
    return this.ctx.rpc.send(Rpc.discovery.unmatch, { userId: user.id, matchId });
  }

  @Post('blocks')
  @HttpCode(200)
  block(@CurrentUser() user: SessionUser, @Body() body: BlockBody) {
    return this.ctx.rpc.send(Rpc.discovery.block, { userId: user.id, otherUserId: body.userId });
  }

  @Get('blocks')
  blocks(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.discovery.listBlocks, { userId: user.id });
  }

  @Delete('blocks/:userId')
  @HttpCode(200)
  unblock(@CurrentUser() user: SessionUser, @Param('userId', uuid(Messages.unknownProfile)) otherUserId: string) {
    return this.ctx.rpc.send(Rpc.discovery.unblock, { userId: user.id, otherUserId });
  }

  /** an address to upload one attachment to (spec §7), under the member's own key */
  @Post('objects/upload')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async uploadUrl(@CurrentUser() user: SessionUser) {
    const uploadURL = await this.ctx.storage.signedUrl(attachmentKey(user.id, randomUUID()), { method: 'PUT', expiresInSeconds: Limits.uploadUrlSeconds });
    return { uploadURL };
  }

  /** registers an uploaded file as a voice or photo attachment once it passed the checks; only the uploader may */
  @Put('message-attachments')
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async registerAttachment(@CurrentUser() user: SessionUser, @Body() body: RegisterAttachmentBody) {
    const named = attachmentKeyFrom(body.attachmentUrl);
    if (!named || named.uploaderId !== user.id) throw new NotFoundException(Messages.attachmentInvalid);
    const stored = await checkAttachment(this.ctx.storage, named.key, body.messageType);
    await this.ctx.rpc.send(Rpc.messaging.registerAttachment, { userId: user.id, key: named.key, messageType: body.messageType, ...stored });
    return { success: true, attachmentUrl: body.attachmentUrl };
  }
}
