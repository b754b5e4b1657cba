import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { MessagingMessages } from './messaging.messages.js';
import { ATTACHMENT_TYPES, type AttachmentType, MESSAGE_TYPES, type MessageType } from './message.view.js';
import { IsId, IsOmittable, IsPlainText } from '../transforms.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * POST /api/matches/{matchId}/messages and the socket's `message` (spec §7). `id` is the
 * client's id for the message: a resend after a reconnect with the same id stores nothing twice.
 * A text message needs trimmed non-empty content; voice and photo need their attachment.
 */
export class SendMessageBody {
  @ApiPropertyOptional({ format: 'uuid', description: "the client's id for the message: a resend with the same id stores nothing twice" }) @IsOmittable() @IsId({ message: MessagingMessages.messageIdInvalid }) id?: string;
  @ApiPropertyOptional({ enum: MESSAGE_TYPES, default: 'text' }) @IsOmittable() @IsIn(MESSAGE_TYPES, { message: MessagingMessages.messageTypeInvalid }) messageType?: MessageType;
  @ApiPropertyOptional({ maxLength: Limits.messageMaxChars, description: 'required (non-blank) for a text message' })
  @Transform(trimmed)
  @ValidateIf((o: SendMessageBody) => (o.messageType ?? 'text') === 'text' || o.content !== undefined)
  @IsString({ message: Messages.messageEmpty })
  @MaxLength(Limits.messageMaxChars, { message: Messages.messageTooLong })
  @IsPlainText({ multiline: true })
  content?: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2048, description: 'required for voice and photo: the uploadURL registered with PUT /api/message-attachments' })
  @ValidateIf((o: SendMessageBody) => (o.messageType ?? 'text') !== 'text')
  // (the string check last: it is the first to fail, so a missing attachment is said as such)
  @MaxLength(2048, { message: Messages.attachmentInvalid })
  @IsString({ message: Messages.attachmentMissing })
  attachmentUrl?: string | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: Limits.voiceMaxSeconds, description: 'seconds (voice)' }) @IsOptional() @IsInt({ message: MessagingMessages.attachmentDurationInvalid }) @Min(0) @Max(Limits.voiceMaxSeconds) attachmentDuration?: number | null;
  /** sent again after 'Are you sure?' (409 `nudge`): the sender means it */
  @ApiPropertyOptional({ description: "sent again after 'Are you sure?' (409 nudge)" }) @IsOmittable() @IsBoolean() confirmed?: boolean;
}

/** PUT /api/message-attachments (spec §7) */
export class RegisterAttachmentBody {
  @ApiProperty({ maxLength: 2048, description: 'the uploadURL of POST /api/objects/upload, after the file was PUT there' }) @MaxLength(2048, { message: Messages.attachmentInvalid }) @IsString({ message: Messages.attachmentMissing }) attachmentUrl!: string;
  @ApiProperty({ enum: ATTACHMENT_TYPES }) @IsIn(ATTACHMENT_TYPES, { message: MessagingMessages.attachmentTypeInvalid }) messageType!: AttachmentType;
}

export class MessagesPageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'a message id: the page before it' }) @IsOmittable() @IsId({ message: MessagingMessages.unknownMessage }) before?: string;
}

export class BlockBody {
  @ApiProperty({ format: 'uuid' }) @IsId({ message: Messages.unknownProfile }) userId!: string;
}

// --- RPC requests: the caller's id (from the session) with the body ---------------------------

export class MatchMemberRequest {
  @IsId() userId!: string;
  @IsId({ message: Messages.matchNotFound }) matchId!: string;
}

export class ListMessagesRequest extends MatchMemberRequest {
  @IsOmittable() @IsId() before?: string;
}

export class MessageAttachmentRequest extends MatchMemberRequest {
  @IsId() messageId!: string;
}

export class SendMessageRequest extends MatchMemberRequest {
  @IsId() id!: string;
  @IsIn(MESSAGE_TYPES) messageType!: MessageType;
  @IsString() @MaxLength(Limits.messageMaxChars) @IsPlainText({ multiline: true }) content!: string;
  @IsOptional() @IsString() attachmentKey?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(Limits.voiceMaxSeconds) attachmentDuration?: number | null;
  @IsOmittable() @IsBoolean() confirmed?: boolean;
}

export class RegisterAttachmentRequest {
  @IsId() userId!: string;
  @IsString() key!: string;
  @IsIn(ATTACHMENT_TYPES) messageType!: AttachmentType;
  @IsInt() @Min(1) size!: number;
  @IsString() contentType!: string;
  /** a photo's size in pixels as stored (none for a voice clip) */
  @IsOmittable() @IsInt() @Min(1) width?: number;
  @IsOmittable() @IsInt() @Min(1) height?: number;
}

/** messaging.forget-unsent-attachment: an attachment by its storage key */
export class AttachmentKeyRequest {
  @IsString() key!: string;
}

export class ConversationSummariesRequest {
  @IsId() userId!: string;
  @IsId({ each: true }) matchIds!: string[];
}

export class BlockRequest {
  @IsId() userId!: string;
  @IsId({ message: Messages.unknownProfile }) otherUserId!: string;
}

/** messaging.end-conversation: the match discovery ended (an unmatch or a block), as its reply names it */
export class EndConversationRequest {
  @IsId() matchId!: string;
  @IsArray() @ArrayMinSize(2) @ArrayMaxSize(2) @IsId({ each: true }) userIds!: [string, string];
}
