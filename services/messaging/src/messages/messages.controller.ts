import { AttachmentKeyRequest, ConversationPairRequest, ConversationSummariesRequest, DiscoveryUserRequest, EndConversationRequest, ListMessagesRequest, MatchMemberRequest, MessageAttachmentRequest, MessagesForReportRequest, RegisterAttachmentRequest, Rpc, SendMessageRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AttachmentsService } from '../attachments/attachments.service.js';
import { MessagesService } from './messages.service.js';

@Controller()
export class MessagesController {
  constructor(
    private readonly messages: MessagesService,
    private readonly attachments: AttachmentsService,
  ) {}

  @MessagePattern(Rpc.messaging.listMessages)
  list(@Payload() req: ListMessagesRequest) {
    return this.messages.list(req);
  }

  @MessagePattern(Rpc.messaging.sendMessage)
  send(@Payload() req: SendMessageRequest) {
    return this.messages.send(req);
  }

  @MessagePattern(Rpc.messaging.messagesForReport)
  forReport(@Payload() req: MessagesForReportRequest) {
    return this.messages.forReport(req);
  }

  @MessagePattern(Rpc.messaging.hadConversation)
  hadConversation(@Payload() req: ConversationPairRequest) {
    return this.messages.hadConversation(req);
  }

  @MessagePattern(Rpc.messaging.endConversation)
  endConversation(@Payload() req: EndConversationRequest) {
    return this.messages.endConversation(req);
  }

  @MessagePattern(Rpc.messaging.markRead)
  markRead(@Payload() req: MatchMemberRequest) {
    return this.messages.markRead(req);
  }

  @MessagePattern(Rpc.messaging.summaries)
  summaries(@Payload() req: ConversationSummariesRequest) {
    return this.messages.summaries(req);
  }

  @MessagePattern(Rpc.messaging.partnerIn)
  partnerIn(@Payload() req: MatchMemberRequest) {
    return this.messages.partnerIn(req);
  }

  @MessagePattern(Rpc.messaging.partners)
  partners(@Payload() req: DiscoveryUserRequest) {
    return this.messages.partners(req);
  }

  @MessagePattern(Rpc.messaging.attachmentOf)
  attachmentOf(@Payload() req: MessageAttachmentRequest) {
    return this.messages.attachmentOf(req);
  }

  @MessagePattern(Rpc.messaging.registerAttachment)
  registerAttachment(@Payload() req: RegisterAttachmentRequest) {
    return this.attachments.register(req);
  }

  @MessagePattern(Rpc.messaging.forgetUnsentAttachment)
  forgetUnsentAttachment(@Payload() req: AttachmentKeyRequest) {
    return this.attachments.forgetUnsent(req);
  }
}
