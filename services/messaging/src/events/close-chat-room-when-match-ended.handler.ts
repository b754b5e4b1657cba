import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ChatRoomRepository } from '../chat-rooms/chat-room.repository.js';

/**
 * An unmatch or a block closes the conversation for both: it can no longer be read or written.
 * The gateway has closed it already (messaging.end-conversation) before it answered the member who
 * ended the match; this is the durable fallback (that call failed, or another path ended it), and
 * closing a closed room changes nothing. A match ended by an account's deletion needs nothing here: the account's conversations go with
 * it (ForgetMemberWhenAccountDeletedHandler), and closing would keep a room naming it.
 */
@Injectable()
export class CloseChatRoomWhenMatchEndedHandler implements DomainEventHandler<typeof Events.discovery.matchEnded> {
  readonly consumer = 'messaging.close-chat-room-when-match-ended';
  readonly subjects = [Events.discovery.matchEnded];

  constructor(private readonly rooms: ChatRoomRepository) {}

  async handle(event: DomainEvent<typeof Events.discovery.matchEnded>) {
    const { matchId, userIds, reason } = event.payload;
    if (reason === 'account_deleted') return;
    await this.rooms.end({ matchId, memberIds: userIds });
  }
}
