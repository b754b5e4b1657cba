import { servedOverHttps } from '@aero/config';
import { type AccountView, EmailRequest, ErrorCodes, ForgotPasswordRequest, type Language, type LoginReply, LoginRequest, Messages, ResetPasswordRequest, Rpc, SignupRequest, unauthorized, VerifyRequest } from '@aero/contracts';
import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { ApiMailLanguage, MailLanguage } from '../http/mail-language.js';
import { Public } from '../http/public.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { CurrentUserService } from '../users/current-user.service.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { DeviceCookies } from './device-cookie.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { SESSION_COOKIE, SessionStore } from './session.store.js';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessSchema } from '../openapi/schemas/common.schema.js';
import { LoginSchema, SignedInSchema } from '../openapi/schemas/profile.schema.js';

@ApiTags('auth')
@Public()
@Controller('api/auth')
export class AuthController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
    private readonly devices: DeviceCookies,
    private readonly currentUser: CurrentUserService,
  ) {}

  private get secure() {
    return servedOverHttps(this.ctx.settings);
  }

  /** a fresh session id at every sign-in (the old one, if any, ends as by a logout: with its push subscriptions) */
  private async signIn(request: FastifyRequest, reply: FastifyReply, account: AccountView) {
    const previous = request.cookies?.[SESSION_COOKIE];
    if (previous) await this.sessions.logout(previous);
    // the credentials were checked after the request arrived: sessions ended since then end this one
    // too, and a revocation of the account's devices since then leaves this device cookie untrusted
    const checkedSince = Date.now() - reply.elapsedTime;
    const sid = await this.sessions.create(account.id, checkedSince);
    if (!sid) throw unauthorized(Messages.invalidCredentials, ErrorCodes.sessionsEnded);
    setSessionCookie(reply, sid, this.secure, this.ctx.settings.sessions.absoluteSeconds);
    this.devices.issue(request, reply, account, checkedSince);
    const user = await this.currentUser.compose(account.id, account);
    // the spec's login and verify responses carry the profile object too
    return { user, profile: user.profileCompleted ? user : null };
  }

  @ApiCreatedResponse({ type: SuccessSchema, description: 'the same answer whether or not the address has an account: a new account gets a verification code by mail, an unverified one a fresh code, a verified one a note that it exists' })
  @ApiMailLanguage()
  @Post('signup')
  @UseGuards(RateLimitGuard)
  @RateLimit('signup')
  signup(@Body() body: SignupRequest, @MailLanguage() mailLanguage: Language) {
    return this.ctx.rpc.send(Rpc.identity.signup, { ...body, mailLanguage });
  }

  @ApiBody({ type: LoginRequest })
  @ApiOkResponse({ type: LoginSchema, description: 'signed in (session cookie set), or a verification code was mailed' })
  @ApiErrors({ 401: 'Invalid email or password', 403: 'The account is banned or suspended' })
  @ApiMailLanguage()
  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard, LocalAuthGuard)
  @RateLimit('login')
  async login(@Req() request: FastifyRequest & { user: LoginReply }, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = request.user;
    if (result.requiresVerification || !result.account) return { requiresVerification: true };
    return { requiresVerification: false, ...(await this.signIn(request, reply, result.account)) };
  }

  @ApiOkResponse({ type: SignedInSchema, description: 'signed in: the session cookie is set' })
  @ApiErrors({ 400: 'Invalid or expired verification code; password_needed: an address signed up more than once, verified without its password' })
  @Post('verify')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('verify')
  async verify(@Body() body: VerifyRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const account = await this.ctx.rpc.send(Rpc.identity.verify, body);
    return this.signIn(request, reply, account);
  }

  @ApiOkResponse({ type: SuccessSchema })
  @ApiMailLanguage()
  @Post('resend-verification')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('resend')
  resend(@Body() body: EmailRequest, @MailLanguage() mailLanguage: Language) {
    return this.ctx.rpc.send(Rpc.identity.resendVerification, { ...body, mailLanguage });
  }

  @ApiOkResponse({ type: SuccessSchema, description: 'the same answer whether the email exists or not' })
  @ApiMailLanguage()
  @Post('forgot-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('forgot')
  forgot(@Body() body: ForgotPasswordRequest, @MailLanguage() mailLanguage: Language) {
    return this.ctx.rpc.send(Rpc.identity.forgotPassword, { ...body, mailLanguage });
  }

  /** single-use token; every session of the account dies */
  @ApiOkResponse({ type: SuccessSchema, description: 'password changed; every session of the account ends' })
  @ApiErrors({ 400: 'The reset link is invalid or has expired' })
  @Post('reset-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('reset')
  async reset(@Body() body: ResetPasswordRequest) {
    const { accountId } = await this.ctx.rpc.send(Rpc.identity.resetPassword, body);
    await this.sessions.revokeAll(accountId);
    return { success: true };
  }

  /**
   * Beyond spec: the account of an email and password deleted without a session, for a banned or
   * suspended member (who cannot have one: signing in tells them so) to have everything of theirs
   * deleted, as Settings' Delete Account does for everyone else. Its sessions end. It counts against
   * the address's and the client's sign-in budget, so it guesses no password faster than a sign-in.
   */
  @ApiOkResponse({ type: SuccessSchema, description: 'the account is deleted; its sessions end' })
  @ApiErrors({ 401: 'Invalid email or password' })
  @Post('delete-account')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('login')
  async deleteAccount(@Body() body: LoginRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { accountId } = await this.ctx.rpc.send(Rpc.identity.deleteWithPassword, { email: body.email, password: body.password });
    await this.sessions.revokeAll(accountId);
    if (request.cookies?.[SESSION_COOKIE]) clearSessionCookie(reply, this.secure);
    return { success: true };
  }

  /** the session ends, with the web push subscriptions it saved */
  @ApiOkResponse({ type: SuccessSchema, description: 'signed out: the session ends, and the push subscriptions it saved with it' })
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const sid = request.cookies?.[SESSION_COOKIE];
    if (sid) await this.sessions.logout(sid);
    clearSessionCookie(reply, this.secure);
    return { success: true };
  }
}
