import { AUDIT_ACTIONS, type AuditEntryView, type CaseReportView, MESSAGE_TYPES, type ModerationCaseView, type ModerationOutcome, type PendingVerificationView, REPORT_REASONS, type ReportedMessageView, VERIFICATION_STATUSES } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Bool, DateTime, Id, Int, NullableDateTime, NullableInt, NullableStr, Str, StrList } from './properties.js';

type PendingUser = PendingVerificationView['user'];
class PendingUserSchema implements PendingUser {
  @NullableStr() firstName!: string | null;
  @Str({ format: 'email', required: false }) email?: string;
  @NullableStr() airline!: string | null;
  @NullableStr() position!: string | null;
}

export class PendingVerificationSchema implements PendingVerificationView {
  @Id() id!: string;
  @Str() fileName!: string;
  @DateTime() createdAt!: string;
  @Id() userId!: string;
  @ApiProperty({ type: () => PendingUserSchema }) user!: PendingUserSchema;
}

/** banned for good (until null), or suspended until a moment */
export class RestrictionSchema {
  @Str({ enum: ['banned', 'suspended'] }) kind!: 'banned' | 'suspended';
  @NullableDateTime() until!: string | null;
}

class CaseReportSchema implements CaseReportView {
  @ApiProperty({ enum: REPORT_REASONS }) reason!: CaseReportView['reason'];
  @NullableStr() details!: string | null;
  @Bool() automatic!: boolean;
  @DateTime() createdAt!: string;
}

class ReportedMessageSchema implements ReportedMessageView {
  @Id() id!: string;
  @Bool() fromReported!: boolean;
  @ApiProperty({ enum: MESSAGE_TYPES }) messageType!: ReportedMessageView['messageType'];
  @Str() content!: string;
  @DateTime() createdAt!: string;
}

type ReportedUser = ModerationCaseView['reportedUser'];
class ReportedUserSchema implements ReportedUser {
  @Id() id!: string;
  @NullableStr({ format: 'email' }) email!: string | null;
  @NullableStr() firstName!: string | null;
  @NullableInt() age!: number | null;
  @NullableStr() bio!: string | null;
  @NullableStr() airline!: string | null;
  @NullableStr() position!: string | null;
  @StrList() photos!: string[];
  @NullableStr() mainPhoto!: string | null;
  @Bool() verified!: boolean;
  @ApiProperty({ enum: VERIFICATION_STATUSES }) verificationStatus!: ModerationCaseView['reportedUser']['verificationStatus'];
  @ApiProperty({ type: () => RestrictionSchema, nullable: true }) restriction!: ReportedUser['restriction'];
}

export class ModerationCaseSchema {
  @Id() id!: string;
  @DateTime() createdAt!: string;
  @Int() reporterCount!: number;
  @ApiProperty({ type: () => [CaseReportSchema] }) reports!: CaseReportSchema[];
  @ApiProperty({ type: () => [ReportedMessageSchema] }) messages!: ReportedMessageSchema[];
  @ApiProperty({ type: () => ReportedUserSchema }) reportedUser!: ReportedUserSchema;
}

export class ModerationOutcomeSchema {
  @Id() caseId!: string;
  @Id() userId!: string;
  @Str({ enum: ['dismissed', 'warned', 'suspended', 'banned'] }) status!: ModerationOutcome['status'];
  @Bool({ description: "the member's sessions ended" }) endSessions!: boolean;
  @ApiProperty({ type: () => RestrictionSchema, nullable: true }) restriction!: RestrictionSchema | null;
}

export class AuditEntrySchema implements AuditEntryView {
  @Id() id!: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action!: AuditEntryView['action'];
  @Id() adminId!: string;
  @NullableStr() adminEmail!: string | null;
  @Id({ nullable: true }) targetUserId!: string | null;
  @NullableStr() targetEmail!: string | null;
  @Id({ nullable: true, description: 'the case or document acted on' }) subjectId!: string | null;
  @NullableStr() reason!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { until: '2026-04-01T00:00:00.000Z' } }) details!: AuditEntryView['details'];
  @DateTime() createdAt!: string;
}

export class CandidatesRebuiltSchema {
  @Int() profiles!: number;
  @Int() accounts!: number;
  @Int() settings!: number;
}
