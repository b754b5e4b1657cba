import type { ServiceDefinition } from '@aero/common';
import { AttachmentRepository } from './attachments/attachment.repository.js';
import { AttachmentsService } from './attachments/attachments.service.js';
import { ChatRoomRepository } from './chat-rooms/chat-room.repository.js';
import { CloseChatRoomWhenMatchEndedHandler } from './events/close-chat-room-when-match-ended.handler.js';
import { CloseChatRoomsWhenMemberBannedHandler } from './events/close-chat-rooms-when-member-banned.handler.js';
import { CreateChatRoomWhenMatchCreatedHandler } from './events/create-chat-room-when-match-created.handler.js';
import { ForgetMemberWhenAccountDeletedHandler } from './events/forget-member-when-account-deleted.handler.js';
import { MessageRepository } from './messages/message.repository.js';
import { MessagesController } from './messages/messages.controller.js';
import { MessagesService } from './messages/messages.service.js';
import { CreateMessagingSchema1763700000000 } from './migrations/1763700000000-create-messaging-schema.js';
import { CreateChatRooms1764100000000 } from './migrations/1764100000000-create-chat-rooms.js';
import { CreateMessages1764400000000 } from './migrations/1764400000000-create-messages.js';
import { AddMessageNudges1764800000100 } from './migrations/1764800000100-add-message-nudges.js';
import { AddOutboxRequestId1765000000000 } from './migrations/1765000000000-add-outbox-request-id.js';
import { AddInboxProcessedAtIndex1765800000000 } from './migrations/1765800000000-add-inbox-processed-at-index.js';
import { AddPhotoSizes1766100000000 } from './migrations/1766100000000-add-photo-sizes.js';
import { AddChatRoomOpenings1766300000000 } from './migrations/1766300000000-add-chat-room-openings.js';
import { CreateDepartedMembers1766400000000 } from './migrations/1766400000000-create-departed-members.js';
import { NudgeRepository } from './nudge/nudge.repository.js';

/** messaging: one chat room per match, its messages (text, voice clips, photos), read receipts and attachments. */
export const messagingService: ServiceDefinition = {
  name: 'messaging',
  controllers: [MessagesController],
  providers: [ChatRoomRepository, MessageRepository, AttachmentRepository, NudgeRepository, MessagesService, AttachmentsService],
  entities: [],
  migrations: [CreateMessagingSchema1763700000000, CreateChatRooms1764100000000, CreateMessages1764400000000, AddMessageNudges1764800000100, AddOutboxRequestId1765000000000, AddInboxProcessedAtIndex1765800000000, AddPhotoSizes1766100000000, AddChatRoomOpenings1766300000000, CreateDepartedMembers1766400000000],
  eventHandlers: [CreateChatRoomWhenMatchCreatedHandler, CloseChatRoomWhenMatchEndedHandler, CloseChatRoomsWhenMemberBannedHandler, ForgetMemberWhenAccountDeletedHandler],
};
