import { Events, MemberNotifications, MESSAGE_PREVIEW_CHARS, MessagePreviews, type StoredMessageView, UNKNOWN_MEMBER } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { type NewNotification, NotificationsService } from '../notifications/notifications.service.js';

export const messageText = (senderFirstName: string | null, message: Pick<StoredMessageView, 'messageType' | 'content'>) => {
  const preview =
    message.messageType === 'text' ? (message.content.length > MESSAGE_PREVIEW_CHARS ? `${message.content.slice(0, MESSAGE_PREVIEW_CHARS - 1)}…` : message.content) : MessagePreviews[message.messageType];
  return { ...MemberNotifications.message(senderFirstName || UNKNOWN_MEMBER.message), message: preview };
};

const messageNotification = (recipientId: string, senderFirstName: string | null, message: StoredMessageView): NewNotification => ({
  userId: recipientId,
  type: 'message',
  ...messageText(senderFirstName, message),
  data: { matchId: message.matchId, fromUserId: message.senderId },
});

/** The recipient of a message hears of it (never the sender), with the sender's first name. */
@Injectable()
export class NotifyRecipientWhenMessageSentHandler implements DomainEventHandler<typeof Events.messaging.messageSent> {
  readonly consumer = 'notifications.notify-recipient-when-message-sent';
  readonly subjects = [Events.messaging.messageSent];

  constructor(
    private readonly notifications: NotificationsService,
    private readonly directory: MemberDirectoryRepository,
  ) {}

  async handle(event: DomainEvent<typeof Events.messaging.messageSent>) {
    const { message, recipientId } = event.payload;
    const name = await this.directory.firstName(message.senderId);
    await this.notifications.create(messageNotification(recipientId, name, message));
  }

  /** the messages of a batch in a few statements (the senders' names in one): as `handle` for each */
  async handleMany(events: DomainEvent<typeof Events.messaging.messageSent>[]) {
    const names = await this.directory.firstNames(events.map((e) => e.payload.message.senderId));
    await this.notifications.createMany(
      events.map(({ payload: { message, recipientId }, requestId }) => ({ ...messageNotification(recipientId, names.get(message.senderId) ?? null, message), requestId })),
    );
  }
}
