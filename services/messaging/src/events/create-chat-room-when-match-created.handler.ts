import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/** Every match gets its chat room, once. */
@Injectable()
export class CreateChatRoomWhenMatchCreatedHandler implements DomainEventHandler<typeof Events.discovery.matchCreated> {
  readonly consumer = 'messaging.create-chat-room-when-match-created';
  readonly subjects = [Events.discovery.matchCreated];

  constructor(private readonly rooms: ChatRoomRepository) {}

  async handle(event: DomainEvent<typeof Events.discovery.matchCreated>) {
    const { matchId, userIds } = event.payload;
    await this.rooms.create({ matchId, memberIds: userIds });
  }
}
