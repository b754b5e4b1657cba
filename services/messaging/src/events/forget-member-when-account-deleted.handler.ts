import { Events } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, DomainEvents } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { AttachmentRepository } from '../attachments/attachment.repository.js';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/**
 * A deleted account's conversations go with it: rooms, every message in them, its attachments and
 * those its partners sent in them (the gateway deletes the stored files: the account's by their
 * prefix, the partners' as `messaging.attachments.forgotten` names them).
 */
@Injectable()
export class ForgetMemberWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'messaging.forget-member-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(
    private readonly rooms: ChatRoomRepository,
    private readonly attachments: AttachmentRepository,
    private readonly events: DomainEvents,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    const { accountId } = event.payload;
    await this.rooms.depart(accountId);
    const partners = await this.attachments.deleteSentToConversationsOf(accountId);
    await this.rooms.deleteAllOf(accountId);
    await this.attachments.deleteAllOf(accountId);
    if (partners.length) await this.events.emit(Events.messaging.attachmentsForgotten, { keys: partners });
  }
}
