import { CLOCK, type Clock, DomainEvents, SETTINGS, UnitOfWork } from '@aero/common';
import type { Settings } from '@aero/config';
import {
  type AccountRestrictedEvent,
  type AuditEntryView,
  badRequest,
  conflict,
  ErrorCodes,
  Events,
  type FileReportRequest,
  Limits,
  forbidden,
  type ListAuditRequest,
  type MemberWarnedEvent,
  Messages,
  type ModerateCaseRequest,
  type ModerationCaseRecord,
  type ModerationOutcome,
  notFound,
  type RecordAuditRequest,
  type ReportedMessage,
  SafetyMessages,
  type VerificationReviewedEvent,
} from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { restrictionOf } from '../accounts/account.mapper.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { ModerationRepository } from './moderation.repository.js';

/** open cases shown at once in the queue */
export const OPEN_CASES_LISTED = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

const STATUS = { dismiss: 'dismissed', warn: 'warned', suspend: 'suspended', ban: 'banned' } as const;

/**
 * Trust and safety, owned by the account authority: reports go into the reported member's one
 * open case (the same reporter twice adds to it); a moderator dismisses, warns, suspends or bans;
 * every admin action is appended to the audit log in the same transaction as its effect.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly cases: ModerationRepository,
    private readonly audit: AuditLogRepository,
    private readonly accounts: AccountRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async fileReport({ reporterId, reportedId, reason, details, messages }: FileReportRequest): Promise<{ caseId: string }> {
    if (reporterId === reportedId) throw badRequest(SafetyMessages.cannotReportSelf, ErrorCodes.cannotReportSelf);
    return this.uow.run(async () => {
      const reported = await this.accounts.findById(reportedId);
      if (!reported) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
      const caseId = await this.cases.openCaseFor(reportedId, reported.email, randomUUID());
      await this.cases.addReport({
        id: randomUUID(),
        caseId,
        reporterId,
        reason,
        details: details?.trim() || null,
        messages: messages.map((m: ReportedMessage) => ({ id: m.id, fromReported: m.senderId === reportedId, messageType: m.messageType, content: m.content, createdAt: m.createdAt })),
      });
      return { caseId };
    });
  }

  async listOpen(): Promise<ModerationCaseRecord[]> {
    const now = this.clock.now();
    return (await this.cases.listOpen(OPEN_CASES_LISTED)).map(({ bannedAt, suspendedUntil, createdAt, ...c }) => ({
      ...c,
      createdAt: createdAt.toISOString(),
      restriction: restrictionOf({ bannedAt, suspendedUntil }, now),
    }));
  }

  async moderate({ caseId, adminId, action, reason, suspendDays }: ModerateCaseRequest): Promise<ModerationOutcome> {
    return this.uow.run(async () => {
      const found = await this.cases.findCaseForUpdate(caseId);
      if (!found) throw notFound(SafetyMessages.caseNotFound, ErrorCodes.caseNotFound);
      if (found.status !== 'open') throw conflict(SafetyMessages.caseDecided, ErrorCodes.caseDecided);
      const userId = found.reportedId;
      // nobody decides their own case, whatever the action
      if (userId === adminId) throw forbidden(SafetyMessages.cannotModerateSelf, ErrorCodes.cannotModerateSelf);
      const status = STATUS[action];
      const details: AuditEntryView['details'] = {};
      let restriction = null;
      // the member deleted the account while reported and signed up again with the same address:
      // the new account is theirs, and takes the restriction
      const restricting = action === 'suspend' || action === 'ban';
      const account = restricting ? ((await this.accounts.findByIdForUpdate(userId)) ?? (found.reportedEmail ? await this.accounts.findByEmailForUpdate(found.reportedEmail) : null)) : null;
      if (account && account.id !== userId) {
        details.accountDeleted = true;
        details.accountNow = account.id;
      }
      if (action === 'ban' && !account && found.reportedEmail) {
        // the member deleted the account while reported: the ban keeps their address from signing up again
        if (this.settings.adminEmails.includes(found.reportedEmail)) throw forbidden(SafetyMessages.cannotRestrictAdmin, ErrorCodes.cannotRestrictAdmin);
        await this.cases.banEmail(found.reportedEmail);
        details.accountDeleted = true;
      } else if (action === 'suspend' || action === 'ban') {
        if (!account) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
        // one admin does not lock another out; a ban is final (a later case can only be dismissed or warned)
        if (this.settings.adminEmails.includes(account.email)) throw forbidden(SafetyMessages.cannotRestrictAdmin, ErrorCodes.cannotRestrictAdmin);
        if (account.bannedAt) throw conflict(SafetyMessages.alreadyBanned, ErrorCodes.alreadyBanned);
        if (action === 'ban') {
          account.bannedAt = this.clock.now();
          await this.cases.banEmail(account.email);
        } else {
          // a shorter suspension does not end a longer one early
          const until = new Date(this.clock.now().getTime() + suspendDays! * DAY_MS);
          const longerKept = !!account.suspendedUntil && account.suspendedUntil > until;
          if (!longerKept) account.suspendedUntil = until;
          details.suspendedUntil = account.suspendedUntil!.toISOString();
          details.days = suspendDays!;
          if (longerKept) details.longerKept = true;
        }
        account.revision += 1;
        await this.accounts.save(account);
        restriction = restrictionOf(account, this.clock.now())!;
        await this.events.emit(Events.identity.accountRestricted, { accountId: account.id, revision: account.revision, restriction } satisfies AccountRestrictedEvent);
      }
      if (action === 'warn') await this.events.emit(Events.identity.memberWarned, { userId, caseId } satisfies MemberWarnedEvent);
      await this.cases.decide(caseId, status, adminId);
      await this.audit.append({ adminId, action: `case.${status}`, targetUserId: userId, subjectId: caseId, reason: reason ?? null, details });
      // the account whose sessions end: the one restricted
      return { caseId, userId: account?.id ?? userId, status, endSessions: restriction !== null, restriction };
    });
  }

  /** a deleted account's part in decided cases is forgotten (see ModerationRepository.forgetDecidedReportsOf) */
  async forgetDeparted(userId: string) {
    await this.cases.forgetDecidedReportsOf(userId);
  }

  /** an admin's verification decision, heard from profiles, joins the audit log */
  async recordVerificationReview(decision: 'approved' | 'rejected', { userId, documentId, reviewerId, reason }: VerificationReviewedEvent) {
    if (!reviewerId) return;
    await this.audit.append({ adminId: reviewerId, action: `verification.${decision}`, targetUserId: userId, subjectId: documentId, reason: reason ?? null });
  }

  /** an admin action the gateway takes (opening a private document, rebuilding the deck model) */
  async recordGatewayAction({ adminId, action, targetUserId, subjectId }: RecordAuditRequest): Promise<{ success: true }> {
    await this.audit.append({ adminId, action, targetUserId: targetUserId ?? null, subjectId: subjectId ?? null, reason: null });
    return { success: true };
  }

  listAudit({ before }: ListAuditRequest): Promise<AuditEntryView[]> {
    return this.audit.page(Limits.auditPage, before);
  }
}
