import { badRequest, ConfirmTestPaymentBody, ErrorCodes, Messages, mustPay, Rpc, type SubscriptionSetupReply } from '@aero/contracts';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { Public } from '../http/public.decorator.js';
import { rawBodyOf } from '../http/raw-body.js';
import { CurrentUserService } from '../users/current-user.service.js';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { BillingConfigSchema, PaymentStatusSchema, SubscriptionSchema, SubscriptionSetupSchema, WebhookReceivedSchema } from '../openapi/schemas/billing.schema.js';

/**
 * Subscriptions (spec §2 /subscribe, §7 get-or-create-subscription): the billing service keeps
 * them with the payment provider; the gateway decides, with the one rule (`mustPay`), who is
 * asked to pay at all.
 */
@ApiTags('subscription')
@Controller('api')
export class BillingController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly currentUser: CurrentUserService,
  ) {}

  /** no body: the member's subscription, created once; a payment's client secret while one is due */
  @ApiOkResponse({ type: SubscriptionSetupSchema, description: 'the subscription; a client secret while a payment is due, status not_required when nothing is to pay' })
  @Post('get-or-create-subscription')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('subscription')
  async getOrCreate(@CurrentUser() user: SessionUser): Promise<SubscriptionSetupReply> {
    const standing = await this.currentUser.standing(user.id);
    if (standing.subscriptionStatus !== 'active' && (standing.account.isAdmin || !mustPay(standing, this.ctx.clock.now()))) return { status: 'not_required', message: Messages.subscriptionNotRequired };
    return this.ctx.rpc.send(Rpc.billing.getOrCreateSubscription, { userId: user.id, email: standing.account.email });
  }

  @ApiOkResponse({ type: BillingConfigSchema })
  @Get('billing/config')
  config() {
    return this.ctx.rpc.send(Rpc.billing.config, {});
  }

  @ApiOkResponse({ type: SubscriptionSchema })
  @Get('subscription')
  subscription(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.billing.getSubscription, { userId: user.id });
  }

  /** beyond the spec: no renewal; the paid period is kept to its end */
  @ApiOkResponse({ type: SubscriptionSchema, description: 'no renewal; the paid period is kept to its end' })
  @Post('subscription/cancel')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('subscription')
  cancel(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.billing.cancelSubscription, { userId: user.id });
  }

  /** beyond the spec: a cancelled subscription renews again, while its paid period lasts */
  @ApiOkResponse({ type: SubscriptionSchema, description: 'renews again at the end of the paid period' })
  @ApiErrors({ 404: 'No active subscription (it ended, or was never paid)' })
  @Post('subscription/resume')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('subscription')
  resume(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.billing.resumeSubscription, { userId: user.id });
  }

  /** the test provider's card form (404 when Stripe takes the payments) */
  @ApiOkResponse({ type: PaymentStatusSchema })
  @ApiErrors({ 400: 'The card was refused or a field is invalid', 404: 'Stripe takes the payments: no test provider' })
  @Post('billing/test-payments')
  @HttpCode(200)
  confirmTestPayment(@CurrentUser() user: SessionUser, @Body() body: ConfirmTestPaymentBody) {
    return this.ctx.rpc.send(Rpc.billing.confirmTestPayment, { ...body, userId: user.id });
  }

  /** Stripe's (or the test provider's) signed events; the signature is checked on the exact bytes received */
  @Public()
  @ApiHeader({ name: 'stripe-signature', required: true, description: "the provider's signature of the exact body" })
  @ApiOkResponse({ type: WebhookReceivedSchema, description: 'server to server: signed by the payment provider, exempt from the same-origin rule' })
  @ApiErrors({ 400: 'Missing or invalid signature (code `webhook_signature`)' })
  @Post('billing/webhook')
  @HttpCode(200)
  webhook(@Req() request: FastifyRequest) {
    const payload = rawBodyOf(request);
    const signature = request.headers['stripe-signature'];
    if (payload === undefined || typeof signature !== 'string') throw badRequest(Messages.webhookSignature, ErrorCodes.webhookSignature);
    return this.ctx.rpc.send(Rpc.billing.handleWebhook, { payload, signature });
  }
}
