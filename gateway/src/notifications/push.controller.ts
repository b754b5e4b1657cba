import { PushEndpointBody, PushSubscriptionBody, Rpc } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { Public } from '../http/public.decorator.js';

/**
 * Web push: the VAPID public key browsers subscribe with, and the signed-in member's browser
 * subscriptions (PushSubscription.toJSON() as the browser gives it). The notifications service
 * keeps them and sends.
 */
@Controller('api/push')
export class PushController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  /** public: it is a public key, and a service worker renewing its subscription may ask for it */
  @Public()
  @Get('public-key')
  publicKey() {
    return this.ctx.rpc.send(Rpc.notifications.pushPublicKey, {});
  }

  /** the same endpoint saved again replaces it; the browser's subscription becomes this member's */
  @Post('subscriptions')
  subscribe(@CurrentUser() user: SessionUser, @Body() body: PushSubscriptionBody) {
    return this.ctx.rpc.send(Rpc.notifications.savePushSubscription, { userId: user.id, endpoint: body.endpoint, keys: body.keys });
  }

  /** the member's own subscription only: anyone else's endpoint answers 404 */
  @Delete('subscriptions')
  @HttpCode(200)
  unsubscribe(@CurrentUser() user: SessionUser, @Body() body: PushEndpointBody) {
    return this.ctx.rpc.send(Rpc.notifications.removePushSubscription, { userId: user.id, endpoint: body.endpoint });
  }
}
