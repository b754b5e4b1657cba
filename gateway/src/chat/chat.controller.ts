import { attachmentKeyFrom, BlockBody, Messages, MessagesPageQuery, notFound, RegisterAttachmentBody, Rpc, SendMessageBody, ServerLimits } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { checkAttachment } from './attachment-files.js';
import { AttachmentUploads } from './attachment-uploads.js';
import { UploadSlots } from '../uploads/upload-slots.js';
import { BlocksService } from './blocks.service.js';
import { ChatService } from './chat.service.js';
import { signedAttachmentUrl } from './message-links.js';
import { ApiCreatedResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessSchema } from '../openapi/schemas/common.schema.js';
import { AttachmentRegisteredSchema, BlockSchema, MessageSchema, ReadReceiptSchema, UploadUrlSchema } from '../openapi/schemas/activity.schema.js';
import { idParam } from '../http/id-param.js';
import { redirectToSignedUrl } from '../http/signed-url-redirect.js';


/**
 * Conversations of spec §7: messages, read receipts, attachments, unmatch and blocks. Every call
 * acts as the session's member; the services check that a match id is one of theirs (404 when not).
 */
@ApiTags('chat')
@Controller('api')
export class ChatController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly chat: ChatService,
    private readonly blocking: BlocksService,
    private readonly uploads: AttachmentUploads,
    private readonly slots: UploadSlots,
  ) {}

  /** the latest page in chronological order; `?before=<messageId>` for the page before it */
  @ApiOkResponse({ type: [MessageSchema], description: 'the latest page, oldest first' })
  @ApiErrors({ 404: 'Match not found' })
  @Get('matches/:matchId/messages')
  async messages(@CurrentUser() user: SessionUser, @Param('matchId', idParam({ notFound: Messages.matchNotFound })) matchId: string, @Query() query: MessagesPageQuery) {
    return this.chat.messages(user.id, matchId, query.before);
  }

  /**
   * A message's attachment (its `attachmentUrl`): a member of the open conversation is redirected to
   * a signed URL of the checked copy that lives `ServerLimits.signedUrlSeconds`, as a profile
   * photo's address does; anyone else, and both members once the conversation ended (unmatch, block,
   * ban, deletion), get the same 404, whatever the reason (a malformed id included).
   */
  @ApiResponse({ status: 302, description: `redirect to a signed URL of the photo (WebP) or voice clip that works ${ServerLimits.signedUrlSeconds / 60} minutes (byte ranges answered)`, headers: { Location: { schema: { type: 'string' } } } })
  @ApiErrors({ 404: 'Attachment not found: not a message with an attachment in an open conversation of the member' })
  @Get('matches/:matchId/messages/:messageId/attachment')
  async attachment(
    @CurrentUser() user: SessionUser,
    @Param('matchId', idParam({ notFound: Messages.attachmentInvalid })) matchId: string,
    @Param('messageId', idParam({ notFound: Messages.attachmentInvalid })) messageId: string,
    @Res() reply: FastifyReply,
  ) {
    const { key } = await this.ctx.rpc.send(Rpc.messaging.attachmentOf, { userId: user.id, matchId, messageId });
    return redirectToSignedUrl(reply, await signedAttachmentUrl(this.ctx.storage, key));
  }

  @ApiCreatedResponse({ type: MessageSchema, description: 'the stored message (also pushed over /ws as new_message)' })
  @ApiErrors({
    402: 'An active subscription is required (code `subscription_required`)',
    404: 'Match not found',
    409: "'Are you sure?' (code `nudge`): send again with confirmed: true",
    429: 'Too many messages (code `rate_limited`, step `message`): try again after Retry-After seconds',
  })
  @Post('matches/:matchId/messages')
  send(@CurrentUser() user: SessionUser, @Param('matchId', idParam({ notFound: Messages.matchNotFound })) matchId: string, @Body() body: SendMessageBody) {
    return this.chat.send(user.id, matchId, body);
  }

  @ApiOkResponse({ type: ReadReceiptSchema })
  @ApiErrors({ 404: 'Match not found', 429: 'Too many conversations marked read (code `rate_limited`, step `read`): try again after Retry-After seconds' })
  @Post('matches/:matchId/read')
  @HttpCode(200)
  markRead(@CurrentUser() user: SessionUser, @Param('matchId', idParam({ notFound: Messages.matchNotFound })) matchId: string) {
    return this.chat.markRead(user.id, matchId);
  }

  @ApiOkResponse({ type: SuccessSchema, description: 'unmatched: the conversation ends for both' })
  @ApiErrors({ 404: 'Match not found' })
  @Delete('matches/:matchId')
  @HttpCode(200)
  unmatch(@CurrentUser() user: SessionUser, @Param('matchId', idParam({ notFound: Messages.matchNotFound })) matchId: string) {
    return this.blocking.unmatch(user.id, matchId);
  }

  @ApiOkResponse({ type: SuccessSchema, description: 'blocked (again: nothing changes)' })
  @ApiErrors({ 404: 'Unknown profile: no such account, or no one the member can see, has blocked or talked with' })
  @Post('blocks')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('safety')
  block(@CurrentUser() user: SessionUser, @Body() body: BlockBody) {
    return this.blocking.block(user.id, body.userId);
  }

  @ApiOkResponse({ type: [BlockSchema] })
  @Get('blocks')
  blocks(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.discovery.listBlocks, { userId: user.id });
  }

  @ApiOkResponse({ type: SuccessSchema })
  @ApiErrors({ 404: 'Unknown profile, or not blocked' })
  @Delete('blocks/:userId')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('safety')
  unblock(@CurrentUser() user: SessionUser, @Param('userId', idParam({ notFound: Messages.unknownProfile })) otherUserId: string) {
    return this.ctx.rpc.send(Rpc.discovery.unblock, { userId: user.id, otherUserId });
  }

  /** an address to upload one attachment to (spec §7), under the member's own key */
  @ApiOkResponse({ type: UploadUrlSchema, description: 'a short-lived signed address for one attachment' })
  @Post('objects/upload')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async uploadUrl(@CurrentUser() user: SessionUser) {
    return { uploadURL: await this.uploads.address(user.id) };
  }

  /** registers an uploaded file as a voice or photo attachment once it passed the checks; only the uploader may */
  @ApiOkResponse({ type: AttachmentRegisteredSchema })
  @ApiErrors({ 400: 'Not a voice recording or photo of the allowed size', 404: 'Unknown attachment' })
  @Put('message-attachments')
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async registerAttachment(@CurrentUser() user: SessionUser, @Body() body: RegisterAttachmentBody, @Req() request: FastifyRequest) {
    const named = attachmentKeyFrom(body.attachmentUrl);
    if (!named || named.uploaderId !== user.id) throw notFound(Messages.attachmentInvalid);
    // the check reads and re-encodes up to an attachment's size: one of the member's uploads in flight
    return this.slots.run(
      user.id,
      async () => {
        const stored = await checkAttachment(this.ctx.storage, named.key, body.messageType);
        await this.ctx.rpc.send(Rpc.messaging.registerAttachment, { userId: user.id, key: named.key, messageType: body.messageType, ...stored });
        return { success: true, attachmentUrl: body.attachmentUrl };
      },
      request.raw.socket,
    );
  }
}
