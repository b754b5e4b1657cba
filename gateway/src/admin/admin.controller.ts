import { type PendingVerificationView, Rpc } from '@aero/contracts';
import { Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Redirect, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { AdminGuard } from './admin.guard.js';

const uuid = () => new ParseUUIDPipe({ version: '4' });
/** how long an admin's link to a document stays valid */
const DOCUMENT_URL_SECONDS = 300;

/** The employment verification queue (spec §2 Admin Dashboard): admins only. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  /** pending documents, oldest first, with the member's email joined from identity */
  @Get('verifications')
  async list(): Promise<PendingVerificationView[]> {
    const pending = await this.ctx.rpc.send(Rpc.profiles.listPendingVerifications, {});
    if (!pending.length) return [];
    const accounts = await this.ctx.rpc.send(Rpc.identity.getAccounts, { userIds: [...new Set(pending.map((p) => p.userId))] });
    const emails = new Map(accounts.map((a) => [a.id, a.email]));
    return pending.map((p) => ({ ...p, user: { ...p.user, email: emails.get(p.userId) } }));
  }

  /** operations: rebuild discovery's deck model from the profiles and accounts as they are now */
  @Post('discovery/rebuild')
  @HttpCode(200)
  rebuildDiscovery() {
    return this.ctx.rpc.send(Rpc.discovery.rebuildCandidates, {});
  }

  @Post('verifications/:id/approve')
  @HttpCode(200)
  approve(@Param('id', uuid()) id: string) {
    return this.ctx.rpc.send(Rpc.profiles.reviewDocument, { documentId: id, decision: 'approved' });
  }

  @Post('verifications/:id/reject')
  @HttpCode(200)
  reject(@Param('id', uuid()) id: string) {
    return this.ctx.rpc.send(Rpc.profiles.reviewDocument, { documentId: id, decision: 'rejected' });
  }

  /** the private document through a short-lived signed URL */
  @Get('verifications/:id/document')
  @Redirect()
  async document(@Param('id', uuid()) id: string) {
    const document = await this.ctx.rpc.send(Rpc.profiles.getDocument, { documentId: id });
    return { url: await this.ctx.storage.signedUrl(document.objectKey, { method: 'GET', expiresInSeconds: DOCUMENT_URL_SECONDS }), statusCode: 302 };
  }
}
