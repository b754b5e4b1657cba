import { attachmentKeyFrom, badRequest, ErrorCodes, Messages, type MessageView, Rpc, type SendMessageBody, type StoredMessageView, subscriptionRequired } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { RateLimits } from '../http/rate-limit.guard.js';
import { CurrentUserService } from '../users/current-user.service.js';
import { toMessageViews } from './message-links.js';

/**
 * Sending a message, the same over HTTP and the socket: the member's limit, their standing (one
 * who must pay first cannot write, as they cannot swipe; reading their conversations stays open),
 * the attachment named by its address, the service's answer. Marking a conversation read, the
 * same on both paths too, on a limit of its own. When a member read, as the other member sees it
 * ('Seen'): only from one who shows their presence, as their typing (it says they were online then).
 */
@Injectable()
export class ChatService {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly limits: RateLimits,
    private readonly users: CurrentUserService,
  ) {}

  async send(userId: string, matchId: string, body: SendMessageBody): Promise<MessageView> {
    await this.limits.checkMember('message', userId);
    if (this.users.mustSubscribe(await this.users.standing(userId))) throw subscriptionRequired();
    const messageType = body.messageType ?? 'text';
    let attachmentKey: string | null = null;
    if (messageType !== 'text') {
      const named = attachmentKeyFrom(body.attachmentUrl ?? '');
      if (!named) throw badRequest(Messages.attachmentInvalid, ErrorCodes.attachmentInvalid);
      attachmentKey = named.key;
    }
    const { message } = await this.ctx.rpc.send(Rpc.messaging.sendMessage, {
      userId,
      matchId,
      id: body.id ?? randomUUID(),
      messageType,
      content: body.content ?? '',
      attachmentKey,
      attachmentDuration: body.attachmentDuration ?? null,
      confirmed: body.confirmed === true,
    });
    // a message sent again (its id known) is answered as stored: read by now, perhaps
    return (await this.asSeenBy(userId, matchId, [message]))[0]!;
  }

  /** a page of the conversation as the member sees it (asSeenBy) */
  async messages(userId: string, matchId: string, before?: string): Promise<MessageView[]> {
    return this.asSeenBy(userId, matchId, await this.ctx.rpc.send(Rpc.messaging.listMessages, { userId, matchId, before }));
  }

  /**
   * Messages of the conversation as the member sees them: when the other member read the member's
   * messages only while that member shows their presence (the service keeps it all the same: it is
   * their unread count). Every answer with the member's messages goes through here.
   */
  private async asSeenBy(userId: string, matchId: string, messages: StoredMessageView[]): Promise<MessageView[]> {
    if (!messages.some((m) => m.senderId === userId && m.readAt)) return toMessageViews(messages);
    const { partnerId } = await this.ctx.rpc.send(Rpc.messaging.partnerIn, { userId, matchId });
    if (partnerId && (await this.showsPresence(partnerId))) return toMessageViews(messages);
    return toMessageViews(messages.map((m) => (m.senderId === userId ? { ...m, readAt: null } : m)));
  }

  /** whether the member shows their presence (settings' showOnline): when they read is theirs to show too */
  async showsPresence(userId: string): Promise<boolean> {
    return (await this.ctx.rpc.send(Rpc.profiles.getSettings, { userId })).privacy.showOnline;
  }

  /** the other member's messages in the conversation are read (the member's limit first); the sender is told by event */
  async markRead(userId: string, matchId: string) {
    await this.limits.checkMember('read', userId);
    return this.ctx.rpc.send(Rpc.messaging.markRead, { userId, matchId });
  }
}
