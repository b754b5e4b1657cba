import { DomainEvents, UnitOfWork } from '@aero/common';
import { attachmentKeyFrom, badRequest, conflict, type ConversationOpenedEvent, type ConversationPairRequest, type ConversationSummariesRequest, type EndConversationRequest, ErrorCodes, Events, Limits, type ListMessagesRequest, type MatchMemberRequest, type MessageAttachmentRequest, Messages, type MessageSentEvent, MessagingMessages, type MessagesForReportRequest, type MessagesReadEvent, notFound, type NudgesRepeatedEvent, type SendMessageRequest, ServerLimits, type StoredMessageView } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { type Attachment, AttachmentRepository } from '../attachments/attachment.repository.js';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';
import { looksAbusive } from '../nudge/abusive-language.js';
import { NudgeRepository } from '../nudge/nudge.repository.js';
import { MessageRepository } from './message.repository.js';

const matchNotFound = () => notFound(Messages.matchNotFound, ErrorCodes.matchNotFound);
/** the one answer for an attachment someone may not open, whatever the reason (as the gateway's for a malformed id) */
const attachmentNotFound = () => notFound(Messages.attachmentInvalid);

/**
 * Conversations: only the two members of an open chat room read or write it. A message is
 * stored (with its outbox event, in one transaction) before anyone is told about it; the
 * client's id makes a resend idempotent; the server's order is the order.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly rooms: ChatRoomRepository,
    private readonly messages: MessageRepository,
    private readonly attachments: AttachmentRepository,
    private readonly nudges: NudgeRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
  ) {}

  async list({ userId, matchId, before }: ListMessagesRequest): Promise<StoredMessageView[]> {
    if (!(await this.rooms.findOpenFor(matchId, userId))) throw matchNotFound();
    if (before) {
      const anchor = await this.messages.find(before);
      if (!anchor || anchor.matchId !== matchId) throw notFound(MessagingMessages.unknownMessage, ErrorCodes.unknownMessage);
    }
    return this.messages.page(matchId, Limits.messagesPageSize, before);
  }

  /**
   * The attachment of a message, for a member of its conversation while it is open: what its
   * stable address opens (the gateway signs it for a few minutes). Someone else's match, an ended
   * conversation, a message of another match or one without an attachment: the same 404.
   */
  async attachmentOf({ userId, matchId, messageId }: MessageAttachmentRequest): Promise<{ key: string }> {
    if (!(await this.rooms.findOpenFor(matchId, userId))) throw attachmentNotFound();
    const message = await this.messages.find(messageId);
    if (!message || message.matchId !== matchId || !message.attachmentKey) throw attachmentNotFound();
    return { key: message.attachmentKey };
  }

  async send(req: SendMessageRequest): Promise<{ message: StoredMessageView; recipientId: string; created: boolean }> {
    const content = req.content.trim();
    const kind = req.messageType;
    if (kind === 'text' && !content) throw badRequest(Messages.messageEmpty, ErrorCodes.messageEmpty);
    if (kind !== 'text' && !req.attachmentKey) throw badRequest(Messages.attachmentMissing, ErrorCodes.attachmentMissing);
    if (kind === 'text' && req.attachmentKey) throw badRequest(MessagingMessages.textMessageHasAttachment, ErrorCodes.attachmentUnexpected);
    return this.uow.run(async () => {
      // the room stays as read until the message is stored: a message is never stored in a conversation that ended meanwhile
      const room = await this.rooms.findOpenFor(req.matchId, req.userId, 'share');
      if (!room) throw matchNotFound();
      const recipientId = room.memberIds[0] === req.userId ? room.memberIds[1] : room.memberIds[0];
      const existing = await this.messages.find(req.id);
      if (existing) {
        // the same message sent again (a resend after a reconnect): the stored one, nothing new
        if (existing.senderId !== req.userId || existing.matchId !== req.matchId) throw conflict(MessagingMessages.messageIdTaken, ErrorCodes.messageIdTaken);
        return { message: existing, recipientId, created: false };
      }
      // a text that looks abusive is not stored unless the sender confirms it
      const nudged = kind === 'text' && looksAbusive(content);
      if (nudged && req.confirmed !== true) throw conflict(Messages.nudge, ErrorCodes.nudge);
      let attachment: Attachment | null = null;
      if (req.attachmentKey) {
        const named = attachmentKeyFrom(req.attachmentKey);
        attachment = named && named.uploaderId === req.userId ? await this.attachments.findForUpdate(named.key) : null;
        // only the sender's own registered upload of that kind, not yet sent in another conversation
        if (!attachment || attachment.messageType !== kind || (attachment.matchId && attachment.matchId !== req.matchId)) throw badRequest(Messages.attachmentInvalid, ErrorCodes.attachmentInvalid);
        await this.attachments.bind(attachment.key, req.matchId);
      }
      const { message, created } = await this.messages.insert({
        id: req.id,
        matchId: req.matchId,
        senderId: req.userId,
        content,
        messageType: kind,
        attachmentKey: attachment?.key ?? null,
        attachmentDuration: kind === 'voice' ? (req.attachmentDuration ?? null) : null,
        attachmentWidth: attachment?.width ?? null,
        attachmentHeight: attachment?.height ?? null,
      });
      // an id another send stored meanwhile (it found none above): the same resend, or not the caller's to see
      if (!created && (message.senderId !== req.userId || message.matchId !== req.matchId)) throw conflict(MessagingMessages.messageIdTaken, ErrorCodes.messageIdTaken);
      if (created) await this.events.emit(Events.messaging.messageSent, { message, recipientId } satisfies MessageSentEvent);
      if (created && nudged) await this.countNudge(req.userId, message.id);
      return { message, recipientId, created };
    });
  }

  /** a message sent anyway after 'Are you sure?': enough of them within the window open a report on the sender */
  private async countNudge(senderId: string, messageId: string) {
    await this.nudges.markNudged(messageId);
    await this.nudges.lockSender(senderId);
    const recent = await this.nudges.unreported(senderId, ServerLimits.nudgeWindowHours);
    if (recent.length < ServerLimits.nudgesBeforeReport) return;
    await this.nudges.markReported(recent.map((m) => m.id));
    await this.events.emit(Events.messaging.nudgesRepeated, { userId: senderId, messages: recent.slice(-Limits.reportMaxMessages) } satisfies NudgesRepeatedEvent);
  }

  /** what a report attaches: the reporter's messages with the reported member, by id, even after the conversation closed */
  forReport({ userId, otherUserId, messageIds }: MessagesForReportRequest) {
    return this.nudges.betweenMembers(userId, otherUserId, messageIds);
  }

  async hadConversation({ userId, otherUserId }: ConversationPairRequest): Promise<{ had: boolean }> {
    return { had: await this.rooms.existsBetween(userId, otherUserId) };
  }

  /**
   * Closes the conversation of a match that ended (unmatch, block) before the member who ended it
   * is answered: a send holding the room (FOR SHARE) finishes first, every later one finds it closed.
   * The same as CloseChatRoomWhenMatchEndedHandler does when the event arrives later, and safe to
   * repeat; a room whose match event has not arrived yet is created closed.
   */
  async endConversation({ matchId, userIds }: EndConversationRequest): Promise<{ success: true }> {
    await this.rooms.end({ matchId, memberIds: userIds });
    return { success: true };
  }

  /**
   * the other member's messages become read; the other member hears of it (read receipts). An
   * empty conversation (a new match's) is read by being opened: `conversationOpened` says so, once
   * per member, so that what the member was told of the match is read too.
   */
  async markRead({ userId, matchId }: MatchMemberRequest): Promise<{ success: true; readAt: string | null }> {
    return this.uow.run(async () => {
      const room = await this.rooms.findOpenFor(matchId, userId);
      if (!room) throw matchNotFound();
      const otherUserId = room.memberIds[0] === userId ? room.memberIds[1] : room.memberIds[0];
      const readAt = await this.messages.markRead(matchId, userId);
      if (readAt) {
        await this.events.emit(Events.messaging.messagesRead, { matchId, userId, senderId: otherUserId, readAt: readAt.toISOString() } satisfies MessagesReadEvent);
      } else if (!(await this.messages.anyIn(matchId)) && (await this.rooms.markOpenedBy(matchId, userId))) {
        await this.events.emit(Events.messaging.conversationOpened, { matchId, userId, otherUserId } satisfies ConversationOpenedEvent);
      }
      return { success: true, readAt: readAt ? readAt.toISOString() : null };
    });
  }

  summaries({ userId, matchIds }: ConversationSummariesRequest) {
    return this.messages.summaries(userId, matchIds);
  }

  async partnerIn({ userId, matchId }: MatchMemberRequest): Promise<{ partnerId: string | null }> {
    const room = await this.rooms.findOpenFor(matchId, userId);
    return { partnerId: room ? (room.memberIds[0] === userId ? room.memberIds[1] : room.memberIds[0]) : null };
  }

  async partners({ userId }: { userId: string }) {
    return { partnerIds: await this.rooms.partnersOf(userId) };
  }
}
