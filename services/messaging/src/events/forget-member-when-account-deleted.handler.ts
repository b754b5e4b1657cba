import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { AttachmentRepository } from '../attachments/attachment.repository.js';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/** A deleted account's conversations go with it: rooms, every message in them, its attachments (the gateway deletes the stored files). */
@Injectable()
export class ForgetMemberWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'messaging.forget-member-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(
    private readonly rooms: ChatRoomRepository,
    private readonly attachments: AttachmentRepository,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    const { accountId } = event.payload;
    await this.rooms.depart(accountId);
    await this.rooms.deleteAllOf(accountId);
    await this.attachments.deleteAllOf(accountId);
  }
}
