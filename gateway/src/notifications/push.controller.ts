import { PushEndpointBody, PushSubscriptionBody, Rpc, unauthorized } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { SessionStore, sessionTag } from '../auth/session.store.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { Public } from '../http/public.decorator.js';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessSchema } from '../openapi/schemas/common.schema.js';
import { PushPublicKeySchema } from '../openapi/schemas/activity.schema.js';

/**
 * Web push: the VAPID public key browsers subscribe with, and the signed-in member's browser
 * subscriptions (PushSubscription.toJSON() as the browser gives it). The notifications service
 * keeps them and sends.
 */
@ApiTags('notifications')
@Controller('api/push')
export class PushController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
  ) {}

  /** public: it is a public key, and a service worker renewing its subscription may ask for it */
  @Public()
  @ApiOkResponse({ type: PushPublicKeySchema })
  @Get('public-key')
  publicKey() {
    return this.ctx.rpc.send(Rpc.notifications.pushPublicKey, {});
  }

  /**
   * the same endpoint saved again replaces it; the browser's subscription becomes this member's,
   * this session's: it ends with the session's logout and when the account's sessions are ended
   * (SessionStore.logout, revokeAll), and when the session could have expired unused since (the
   * app saves it again as it starts and comes back)
   */
  @ApiCreatedResponse({ type: SuccessSchema })
  @Post('subscriptions')
  async subscribe(@CurrentUser() user: SessionUser, @Body() body: PushSubscriptionBody) {
    const expiresAt = await this.sessions.unusedUntil(user.sessionId);
    // the session ended since the guard looked at it
    if (!expiresAt) throw unauthorized();
    const saved = await this.ctx.rpc.send(Rpc.notifications.savePushSubscription, { userId: user.id, endpoint: body.endpoint, keys: body.keys, sessionTag: sessionTag(user.sessionId), expiresAt: expiresAt.toISOString() });
    // a sign-out while it was being saved may have ended the session's subscriptions before this
    // one was stored: it is ended now, as the logout would have
    if (!(await this.sessions.isLive(user.sessionId))) {
      await this.sessions.logout(user.sessionId);
      throw unauthorized();
    }
    return saved;
  }

  /** the member's own subscription only: anyone else's endpoint answers 404 */
  @ApiOkResponse({ type: SuccessSchema })
  @ApiErrors({ 404: "Not one of the member's subscriptions" })
  @Delete('subscriptions')
  @HttpCode(200)
  unsubscribe(@CurrentUser() user: SessionUser, @Body() body: PushEndpointBody) {
    return this.ctx.rpc.send(Rpc.notifications.removePushSubscription, { userId: user.id, endpoint: body.endpoint });
  }
}
