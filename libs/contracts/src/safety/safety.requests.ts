import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { MESSAGE_TYPES } from '../messaging/message.view.js';
import { SafetyMessages } from './safety.messages.js';
import { GATEWAY_AUDIT_ACTIONS, MODERATION_ACTIONS, type ModerationAction, REPORT_REASONS, type ReportReason, reportNeedsDetails } from './safety.view.js';
import { IsId, IsOmittable, IsPlainText } from '../transforms.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value);

/**
 * POST /api/reports: the member reported, a reason, details (required for 'other'), the messages of their
 * conversation the reporter attaches, and whether to block them too (on unless turned off).
 */
export class ReportBody {
  @ApiProperty({ format: 'uuid', description: 'the member reported' }) @IsId({ message: Messages.unknownProfile }) userId!: string;
  @ApiProperty({ enum: REPORT_REASONS }) @IsIn(REPORT_REASONS, { message: SafetyMessages.reportReasonRequired }) reason!: ReportReason;
  @ApiPropertyOptional({ maxLength: Limits.reportDetailsMaxChars, description: "required when the reason is 'other': it alone says what happened" })
  @ValidateIf((o: ReportBody) => reportNeedsDetails(o.reason) || (o.details !== undefined && o.details !== null))
  @Transform(emptyToUndefined)
  @MaxLength(Limits.reportDetailsMaxChars, { message: SafetyMessages.reportDetailsTooLong })
  @IsPlainText({ multiline: true })
  @IsString({ message: ({ object }) => (reportNeedsDetails((object as ReportBody).reason) ? SafetyMessages.reportDetailsRequired : Messages.invalidRequest) })
  details?: string;
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: Limits.reportMaxMessages, description: 'messages of the conversation to attach' }) @IsOmittable() @IsArray() @ArrayMaxSize(Limits.reportMaxMessages) @IsId({ each: true }) messageIds?: string[];
  @ApiPropertyOptional({ default: true, description: 'block them too' }) @IsOmittable() @IsBoolean() block?: boolean;
}

/** POST /api/admin/reports/{caseId}/actions: the action and why (a suspension also says how long) */
export class ModerateCaseBody {
  @ApiProperty({ enum: MODERATION_ACTIONS }) @IsIn(MODERATION_ACTIONS, { message: 'Unknown action' }) action!: ModerationAction;
  @ApiPropertyOptional({ maxLength: Limits.moderationReasonMaxChars, description: 'required unless the action is dismiss' })
  @ValidateIf((o: ModerateCaseBody) => o.action !== 'dismiss' || o.reason !== undefined)
  @Transform(trimmed)
  @MaxLength(Limits.moderationReasonMaxChars)
  @IsPlainText({ multiline: true })
  @MinLength(1, { message: SafetyMessages.moderationReasonRequired })
  @IsString({ message: SafetyMessages.moderationReasonRequired })
  reason?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: Limits.suspensionMaxDays, description: 'required for suspend' })
  @ValidateIf((o: ModerateCaseBody) => o.action === 'suspend')
  @IsInt({ message: SafetyMessages.suspensionDays })
  @Min(1, { message: SafetyMessages.suspensionDays })
  @Max(Limits.suspensionMaxDays, { message: SafetyMessages.suspensionDays })
  suspendDays?: number;
}

/** POST /api/admin/verifications/{id}/approve|reject: an optional note for the audit log */
export class ReviewNoteBody {
  @ApiPropertyOptional({ maxLength: Limits.moderationReasonMaxChars, description: 'a note for the audit log' }) @IsOmittable() @Transform(emptyToUndefined) @IsString() @MaxLength(Limits.moderationReasonMaxChars) @IsPlainText({ multiline: true }) reason?: string;
}

// --- RPC requests --------------------------------------------------------------------------------

/** a message attached to a report, as messaging had it when it was reported */
export class ReportedMessage {
  @IsId() id!: string;
  @IsId() senderId!: string;
  @IsIn(MESSAGE_TYPES) messageType!: 'text' | 'voice' | 'photo';
  @IsString() @MaxLength(Limits.messageMaxChars) content!: string;
  @IsString() createdAt!: string;
}

/** identity.file-report: a member's report (reporterId) or the app's own (reporterId null) */
export class FileReportRequest {
  @ValidateIf((o: FileReportRequest) => o.reporterId !== null) @IsId() reporterId!: string | null;
  @IsId() reportedId!: string;
  @IsIn(REPORT_REASONS) reason!: ReportReason;
  @IsOptional() @IsString() @MaxLength(Limits.reportDetailsMaxChars) details?: string | null;
  @IsArray() @ArrayMaxSize(Limits.reportMaxMessages) @ValidateNested({ each: true }) @Type(() => ReportedMessage) messages!: ReportedMessage[];
}

/** identity.moderate-case */
export class ModerateCaseRequest extends ModerateCaseBody {
  @IsId() caseId!: string;
  @IsId() adminId!: string;
}

/** identity.record-audit: one of the gateway's own admin actions */
export class RecordAuditRequest {
  @IsId() adminId!: string;
  @IsIn(GATEWAY_AUDIT_ACTIONS) action!: (typeof GATEWAY_AUDIT_ACTIONS)[number];
  @IsOptional() @IsId() targetUserId?: string | null;
  @IsOptional() @IsId() subjectId?: string | null;
}

/** identity.list-audit: newest first, a page before `before` (an entry id) */
export class ListAuditRequest {
  @IsOptional() @IsId() before?: string;
}

/** messaging.had-conversation: did `userId` and `otherUserId` ever have a conversation (open or ended) */
export class ConversationPairRequest {
  @IsId() userId!: string;
  @IsId() otherUserId!: string;
}

/** messaging.messages-for-report: messages of `userId`'s conversations with `otherUserId`, by id (open or ended) */
export class MessagesForReportRequest {
  @IsId() userId!: string;
  @IsId() otherUserId!: string;
  @IsArray() @ArrayMaxSize(Limits.reportMaxMessages) @IsId({ each: true }) messageIds!: string[];
}
