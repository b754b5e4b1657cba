import { Events, MemberNotifications, MESSAGE_PREVIEW_CHARS, MessagePreviews, type StoredMessageView, UNKNOWN_MEMBER } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, withRequestId } from '@aero/common';
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

type Handled = typeof Events.messaging.messageSent | typeof Events.messaging.messagesRead | typeof Events.messaging.conversationOpened;
type Sent = DomainEvent<typeof Events.messaging.messageSent>;
/** what a member saw: a conversation's messages (read), or a new match's empty conversation (opened) */
type Seen = DomainEvent<typeof Events.messaging.messagesRead | typeof Events.messaging.conversationOpened>;
type Opened = DomainEvent<typeof Events.messaging.conversationOpened>;
type Read = DomainEvent<typeof Events.messaging.messagesRead>;

/**
 * The recipient of a message hears of it (never the sender), with the sender's first name; what
 * the sender was told of the match is read (they write into it). Once the recipient reads the
 * conversation (`messaging.messages.read`), what they were told of its messages and of the match is
 * read too, and their count follows; a member who opens a new match's empty conversation
 * (`messaging.conversation.opened`) has seen the match: only its notification is read (a message
 * sent meanwhile stays news), or it is stored read when the match is heard after the opening. One
 * consumer for all three, mostly in order (all from messaging's outbox); a message whose event is
 * handled after the read that covered it (parallel relays, replicas, a retry) is stored read, as
 * how far each member read each conversation is kept.
 */
/** the pair whose lock orders a message's notification and its read (NotificationRepository.lockPairs): the recipient (the reader) and the sender */
const pairOf = (event: DomainEvent<Handled>) => {
  if (event.subject === Events.messaging.messagesRead) return [event.payload.userId, event.payload.senderId] as const;
  if (event.subject === Events.messaging.conversationOpened) return [event.payload.userId, event.payload.otherUserId] as const;
  return [event.payload.recipientId, event.payload.message.senderId] as const;
};

@Injectable()
export class NotifyRecipientWhenMessageSentHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'notifications.notify-recipient-when-message-sent';
  readonly subjects = [Events.messaging.messageSent, Events.messaging.messagesRead, Events.messaging.conversationOpened];

  constructor(
    private readonly notifications: NotificationsService,
    private readonly directory: MemberDirectoryRepository,
  ) {}

  async handle(event: DomainEvent<Handled>) {
    await this.notifications.lockPairs([pairOf(event)]);
    if (event.subject === Events.messaging.messageSent) return this.notify([event as Sent]);
    await this.seen(event as Seen);
  }

  /** every pair's lock of a batch, in one statement (see DomainEventHandler.lockMany) */
  lockMany(events: DomainEvent<Handled>[]) {
    return this.notifications.lockPairs(events.map(pairOf));
  }

  /** the messages of a batch in a few statements (the senders' names in one), each read in its place: as `handle` for each */
  async handleMany(events: DomainEvent<Handled>[]) {
    // every pair's lock the batch needs, in one sorted statement, before any row is touched: taken
    // step by step (a read's rows, then the messages after it), two transactions could each hold
    // what the other waits for
    await this.notifications.lockPairs(events.map(pairOf));
    let sent: Sent[] = [];
    const notify = async () => {
      if (sent.length) await this.notify(sent);
      sent = [];
    };
    for (const event of events) {
      if (event.subject === Events.messaging.messageSent) sent.push(event as Sent);
      else {
        await notify();
        await withRequestId(event.requestId, () => this.seen(event as Seen));
      }
    }
    await notify();
  }

  /** a read: what the reader was told of the messages and of the match is read; an opening: only the match (a message since is news) */
  private seen(event: Seen) {
    if (event.subject === Events.messaging.messagesRead) return this.read((event as Read).payload);
    return this.opened((event as Opened).payload);
  }

  /** a read: kept (how far), so that a message it covered whose event comes after it is stored read */
  private async read(payload: Read['payload']) {
    await this.directory.readConversation(payload.userId, payload.matchId, payload.readAt);
    await this.notifications.markConversationRead(payload);
  }

  /** an opening: the match is read, or, not heard here yet (its event comes by another consumer), kept to be stored read when it is */
  private async opened({ userId, otherUserId, matchId }: Opened['payload']) {
    await this.notifications.markMatchesSeen([{ userId, fromUserId: otherUserId, matchId }]);
    const [told] = await this.notifications.toldOfMatch([[userId, otherUserId]]);
    if (!told) await this.directory.openMatch(matchId, userId, otherUserId);
  }

  /** under the pairs' locks (taken by the caller) the block and end-of-match handlers take: a block or end kept at the same time is seen, or removes what is stored here */
  private async notify(events: Sent[]) {
    const names = await this.directory.firstNames(events.map((e) => e.payload.message.senderId));
    const readUpTo = await this.directory.conversationsReadUpTo(events.map(({ payload: { message, recipientId } }) => ({ userId: recipientId, matchId: message.matchId })));
    // one the recipient has read already (its event handled after the read's): stored read, quietly
    const known = ({ message, recipientId }: Sent['payload']) => {
      const readAt = readUpTo.get(`${recipientId}:${message.matchId}`);
      return !!readAt && readAt.getTime() >= Date.parse(message.createdAt);
    };
    await this.notifications.createMany(
      events.map(({ payload, requestId }) => ({
        ...messageNotification(payload.recipientId, names.get(payload.message.senderId) ?? null, payload.message),
        ...(known(payload) && { read: true, quiet: true }),
        requestId,
      })),
    );
    // the sender has seen the match they write into: its notification is no news to them
    await this.notifications.markMatchesSeen(events.map(({ payload: { message, recipientId } }) => ({ userId: message.senderId, fromUserId: recipientId, matchId: message.matchId })));
  }
}
