import { ChangePasswordBody, Rpc } from '@aero/contracts';
import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { SessionStore } from './session.store.js';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessSchema } from '../openapi/schemas/common.schema.js';

/** Settings' Account Management for a signed-in member: change the password, sign out elsewhere. */
@ApiTags('auth')
@Controller('api/auth')
export class AccountSecurityController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
  ) {}

  /** the current password is required; every other session of the account ends, this one stays */
  @ApiOkResponse({ type: SuccessSchema, description: 'changed; every other session of the account ends' })
  @ApiErrors({ 400: 'The current password is wrong, or the new one too short' })
  @Post('change-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('change-password')
  async changePassword(@CurrentUser() user: SessionUser, @Body() body: ChangePasswordBody) {
    await this.ctx.rpc.send(Rpc.identity.changePassword, { accountId: user.id, currentPassword: body.currentPassword, newPassword: body.newPassword });
    await this.sessions.revokeAll(user.id, user.sessionId);
    return { success: true };
  }

  @ApiOkResponse({ type: SuccessSchema })
  @Post('logout-others')
  @HttpCode(200)
  async logoutOthers(@CurrentUser() user: SessionUser) {
    await this.sessions.revokeAll(user.id, user.sessionId);
    return { success: true };
  }
}
