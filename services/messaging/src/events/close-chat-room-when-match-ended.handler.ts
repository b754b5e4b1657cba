import { Events, type MatchEndedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/** An unmatch or a block closes the conversation for both: it can no longer be read or written. */
@Injectable()
export class CloseChatRoomWhenMatchEndedHandler implements DomainEventHandler {
  readonly consumer = 'messaging.close-chat-room-when-match-ended';
  readonly subjects = [Events.discovery.matchEnded];

  constructor(private readonly rooms: ChatRoomRepository) {}

  async handle(event: EventEnvelope) {
    const { matchId, userIds } = event.payload as MatchEndedEvent;
    await this.rooms.end({ matchId, memberIds: userIds });
  }
}
