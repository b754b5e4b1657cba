import { ChangePasswordBody, Rpc, unauthorized } from '@aero/contracts';
import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { DeviceCookies } from './device-cookie.js';
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
    private readonly devices: DeviceCookies,
  ) {}

  /**
   * every other session and device of the account ends; this browser, the member's, stays signed in
   * and a trusted device; unless its session ended while the call was made (a password reset, a ban,
   * a deletion): then it ends nothing and is trusted no more
   */
  private async keepOnlyThisBrowser(user: SessionUser, request: FastifyRequest, reply: FastifyReply) {
    if (!(await this.sessions.isLive(user.sessionId))) throw unauthorized();
    const at = await this.sessions.revokeAll(user.id, user.sessionId);
    await this.devices.keep(request, reply, user.id, at);
  }

  /** the current password is required; every other session of the account ends, this one stays */
  @ApiOkResponse({ type: SuccessSchema, description: "changed; every other session of the account ends, and every other browser's device cookie is trusted no more" })
  @ApiErrors({ 400: 'The current password is wrong, or the new one too short' })
  @Post('change-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('change-password')
  async changePassword(@CurrentUser() user: SessionUser, @Body() body: ChangePasswordBody, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.ctx.rpc.send(Rpc.identity.changePassword, { accountId: user.id, currentPassword: body.currentPassword, newPassword: body.newPassword });
    await this.keepOnlyThisBrowser(user, request, reply);
    return { success: true };
  }

  @ApiOkResponse({ type: SuccessSchema, description: "every other session of the account ends, and every other browser's device cookie is trusted no more" })
  @Post('logout-others')
  @HttpCode(200)
  async logoutOthers(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.keepOnlyThisBrowser(user, request, reply);
    return { success: true };
  }
}
