import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/**
 * A ban closes the banned member's conversations for good: their former matches can no longer
 * write to them (the match is gone from their lists already). A suspension ends by itself, so it
 * leaves the conversations as they are.
 */
@Injectable()
export class CloseChatRoomsWhenMemberBannedHandler implements DomainEventHandler<typeof Events.identity.accountRestricted> {
  readonly consumer = 'messaging.close-chat-rooms-when-member-banned';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(private readonly rooms: ChatRoomRepository) {}

  async handle(event: DomainEvent<typeof Events.identity.accountRestricted>) {
    const { accountId, restriction } = event.payload;
    if (restriction.kind !== 'banned') return;
    await this.rooms.depart(accountId);
    await this.rooms.endAllOf(accountId);
  }
}
