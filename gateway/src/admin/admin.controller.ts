import { type AuditEntryView, ModerateCaseBody, type ModerationCaseView, type PendingVerificationView, ReviewNoteBody, Rpc, ServerLimits } from '@aero/contracts';
import { Body, Controller, Get, HttpCode, Inject, Logger, Param, Post, Query, Redirect, UseGuards } from '@nestjs/common';
import { SessionStore } from '../auth/session.store.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { AdminGuard } from './admin.guard.js';
import { ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { AuditEntrySchema, CandidatesRebuiltSchema, ModerationCaseSchema, ModerationOutcomeSchema, PendingVerificationSchema } from '../openapi/schemas/admin.schema.js';
import { VerificationStatusSchema } from '../openapi/schemas/profile.schema.js';
import { idParam } from '../http/id-param.js';

/** a GET that writes to the audit log: refused from another site by the same-origin check (http/same-origin.hook.ts) */
export const ADMIN_DOCUMENT_ROUTE = '/api/admin/verifications/:id/document';

/**
 * The admin section (spec §2 Admin Dashboard), admins only: the employment verification queue,
 * the moderation queue of reported members and its actions, and the audit log of every admin
 * action (identity writes it; verification decisions reach it through profiles' events).
 */
@ApiTags('admin')
@ApiErrors({ 403: 'Admins only (code `admins_only`)' })
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  private readonly logger = new Logger('AdminController');

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
  ) {}

  /**
   * pending documents, oldest first, with the member's email joined from identity; never the
   * admin's own, which only another admin may decide
   */
  @ApiOkResponse({ type: [PendingVerificationSchema], description: "pending documents, oldest first, apart from the admin's own" })
  @Get('verifications')
  async list(@CurrentUser() admin: SessionUser): Promise<PendingVerificationView[]> {
    const pending = await this.ctx.rpc.send(Rpc.profiles.listPendingVerifications, { reviewerId: admin.id });
    if (!pending.length) return [];
    const accounts = await this.ctx.rpc.send(Rpc.identity.getAccounts, { userIds: [...new Set(pending.map((p) => p.userId))] });
    const emails = new Map(accounts.map((a) => [a.id, a.email]));
    return pending.map((p) => ({ ...p, user: { ...p.user, email: emails.get(p.userId) } }));
  }

  /** operations: rebuild discovery's deck model from the profiles and accounts as they are now */
  @ApiOkResponse({ type: CandidatesRebuiltSchema, description: 'operations: the deck model rebuilt from profiles and accounts' })
  @Post('discovery/rebuild')
  @HttpCode(200)
  async rebuildDiscovery(@CurrentUser() admin: SessionUser) {
    await this.ctx.rpc.send(Rpc.identity.recordAudit, { adminId: admin.id, action: 'discovery.rebuilt' });
    return this.ctx.rpc.send(Rpc.discovery.rebuildCandidates, {});
  }

  @ApiOkResponse({ type: VerificationStatusSchema })
  @ApiErrors({ 403: 'Admins only; a document of your own (code `cannot_review_self`)', 404: 'Verification not found', 409: 'Reviewed already' })
  @Post('verifications/:id/approve')
  @HttpCode(200)
  approve(@CurrentUser() admin: SessionUser, @Param('id', idParam()) id: string, @Body() body: ReviewNoteBody) {
    return this.ctx.rpc.send(Rpc.profiles.reviewDocument, { documentId: id, decision: 'approved', reviewerId: admin.id, reason: body?.reason });
  }

  @ApiOkResponse({ type: VerificationStatusSchema })
  @ApiErrors({ 403: 'Admins only; a document of your own (code `cannot_review_self`)', 404: 'Verification not found', 409: 'Reviewed already' })
  @Post('verifications/:id/reject')
  @HttpCode(200)
  reject(@CurrentUser() admin: SessionUser, @Param('id', idParam()) id: string, @Body() body: ReviewNoteBody) {
    return this.ctx.rpc.send(Rpc.profiles.reviewDocument, { documentId: id, decision: 'rejected', reviewerId: admin.id, reason: body?.reason });
  }

  /** open cases, most reporters then oldest first, each with the reported member's profile as it is now */
  @ApiOkResponse({ type: [ModerationCaseSchema], description: 'open cases, most reporters then oldest first' })
  @Get('reports')
  async reports(): Promise<ModerationCaseView[]> {
    const cases = await this.ctx.rpc.send(Rpc.identity.listOpenCases, {});
    return Promise.all(
      cases.map(async (c) => {
        const [profile, verification] = await Promise.all([this.ctx.rpc.send(Rpc.profiles.get, { userId: c.reportedId }), this.ctx.rpc.send(Rpc.profiles.verificationStatus, { userId: c.reportedId })]);
        return {
          id: c.id,
          createdAt: c.createdAt,
          reporterCount: c.reporterCount,
          reports: c.reports,
          messages: c.messages,
          reportedUser: {
            id: c.reportedId,
            email: c.reportedEmail,
            firstName: profile?.firstName ?? null,
            age: profile?.age ?? null,
            bio: profile?.bio ?? null,
            airline: profile?.airline ?? null,
            position: profile?.position ?? null,
            photos: profile?.photos ?? [],
            mainPhoto: profile?.mainPhoto ?? null,
            verified: profile?.verified ?? false,
            verificationStatus: verification.status,
            restriction: c.restriction,
          },
        };
      }),
    );
  }

  /** dismiss, warn, suspend or ban: a ban or suspension ends every session and socket of the member at once */
  @ApiOkResponse({ type: ModerationOutcomeSchema })
  @ApiErrors({ 403: 'Admins only; a case about yourself; suspending or banning an admin', 404: 'Case not found', 409: 'The case is decided already, or the member is banned already' })
  @Post('reports/:id/actions')
  @HttpCode(200)
  async moderate(@CurrentUser() admin: SessionUser, @Param('id', idParam()) id: string, @Body() body: ModerateCaseBody) {
    const outcome = await this.ctx.rpc.send(Rpc.identity.moderateCase, { caseId: id, adminId: admin.id, action: body.action, reason: body.reason, suspendDays: body.suspendDays });
    // the decision is made: ending the sessions here is at once, and the restriction's event ends them again (realtime.gateway.ts)
    if (outcome.endSessions) await this.sessions.revokeAll(outcome.userId).catch((e: Error) => this.logger.warn(`ending the sessions of a restricted member failed: ${e.message}`));
    return outcome;
  }

  /** the append-only audit log, newest first (`?before=<entry id>` pages back) */
  @ApiQuery({ name: 'before', required: false, description: 'an entry id: the page before it', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ type: [AuditEntrySchema], description: 'newest first' })
  @Get('audit')
  audit(@Query('before', idParam({ optional: true })) before?: string): Promise<AuditEntryView[]> {
    return this.ctx.rpc.send(Rpc.identity.listAudit, before ? { before } : {});
  }

  /** the private document through a short-lived signed URL */
  @ApiResponse({ status: 302, description: 'redirect to a signed URL of the document, valid 5 minutes', headers: { Location: { schema: { type: 'string' } } } })
  @ApiErrors({ 403: 'Opened from another site (code `bad_origin`)', 404: 'Verification not found' })
  @Get('verifications/:id/document')
  @Redirect()
  async document(@CurrentUser() admin: SessionUser, @Param('id', idParam()) id: string) {
    const document = await this.ctx.rpc.send(Rpc.profiles.getDocument, { documentId: id });
    // who opened whose private document is in the audit log before the document is handed out
    await this.ctx.rpc.send(Rpc.identity.recordAudit, { adminId: admin.id, action: 'verification.document-viewed', targetUserId: document.userId, subjectId: document.id });
    return { url: await this.ctx.storage.signedUrl(document.objectKey, { method: 'GET', expiresInSeconds: ServerLimits.signedUrlSeconds }), statusCode: 302 };
  }
}
