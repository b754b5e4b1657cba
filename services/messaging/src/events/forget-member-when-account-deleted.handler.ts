import { type AccountDeletedEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/messaging';
import { Injectable } from '@nestjs/common';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/** A deleted account's chat rooms go with it. */
@Injectable()
export class ForgetMemberWhenAccountDeletedHandler implements DomainEventHandler {
  readonly consumer = 'messaging.forget-member-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(private readonly rooms: ChatRoomRepository) {}

  async handle(event: EventEnvelope) {
    await this.rooms.deleteAllOf((event.payload as AccountDeletedEvent).accountId);
  }
}
