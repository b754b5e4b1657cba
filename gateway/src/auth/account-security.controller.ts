import { ChangePasswordBody, Rpc } from '@aero/contracts';
import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { SessionStore } from './session.store.js';

/** Settings' Account Management for a signed-in member: change the password, sign out elsewhere. */
@Controller('api/auth')
export class AccountSecurityController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
  ) {}

  /** the current password is required; every other session of the account ends, this one stays */
  @Post('change-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('change-password')
  async changePassword(@CurrentUser() user: SessionUser, @Body() body: ChangePasswordBody) {
    await this.ctx.rpc.send(Rpc.identity.changePassword, { accountId: user.id, currentPassword: body.currentPassword, newPassword: body.newPassword });
    await this.sessions.revokeAll(user.id, user.sessionId);
    return { success: true };
  }

  @Post('logout-others')
  @HttpCode(200)
  async logoutOthers(@CurrentUser() user: SessionUser) {
    await this.sessions.revokeAll(user.id, user.sessionId);
    return { success: true };
  }
}
