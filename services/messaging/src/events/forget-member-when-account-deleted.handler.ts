import { type AccountDeletedEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { AttachmentRepository } from '../attachments/attachment.repository.js';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/** A deleted account's conversations go with it: rooms, every message in them, its attachments (the gateway deletes the stored files). */
@Injectable()
export class ForgetMemberWhenAccountDeletedHandler implements DomainEventHandler {
  readonly consumer = 'messaging.forget-member-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(
    private readonly rooms: ChatRoomRepository,
    private readonly attachments: AttachmentRepository,
  ) {}

  async handle(event: EventEnvelope) {
    const { accountId } = event.payload as AccountDeletedEvent;
    await this.rooms.deleteAllOf(accountId);
    await this.attachments.deleteAllOf(accountId);
  }
}
