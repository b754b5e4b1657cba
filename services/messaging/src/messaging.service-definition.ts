import type { ServiceDefinition } from '@aero/common';
import { ChatRoomRepository } from './chat-rooms/chat-room.repository.js';
import { CreateChatRoomWhenMatchCreatedHandler } from './events/create-chat-room-when-match-created.handler.js';
import { ForgetMemberWhenAccountDeletedHandler } from './events/forget-member-when-account-deleted.handler.js';
import { CreateMessagingSchema1763700000000 } from './migrations/1763700000000-create-messaging-schema.js';
import { CreateChatRooms1764100000000 } from './migrations/1764100000000-create-chat-rooms.js';

/** messaging: one chat room per match (messages, voice clips and photos arrive with the chat issue). */
export const messagingService: ServiceDefinition = {
  name: 'messaging',
  controllers: [],
  providers: [ChatRoomRepository],
  entities: [],
  migrations: [CreateMessagingSchema1763700000000, CreateChatRooms1764100000000],
  eventHandlers: [CreateChatRoomWhenMatchCreatedHandler, ForgetMemberWhenAccountDeletedHandler],
};
