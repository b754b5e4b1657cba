import { Events, type MatchCreatedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/** Every match gets its chat room, once. */
@Injectable()
export class CreateChatRoomWhenMatchCreatedHandler implements DomainEventHandler {
  readonly consumer = 'messaging.create-chat-room-when-match-created';
  readonly subjects = [Events.discovery.matchCreated];

  constructor(private readonly rooms: ChatRoomRepository) {}

  async handle(event: EventEnvelope) {
    const { matchId, userIds } = event.payload as MatchCreatedEvent;
    await this.rooms.create({ matchId, memberIds: userIds });
  }
}
