import { servedOverHttps } from '@aero/config';
import { type RpcClient, RpcError } from '@aero/common';
import { type AccountView, CreateProfileBody, ErrorCodes, forbidden, Messages, notFound, type OwnProfileView, Rpc, UpdateMeBody, UpdateProfileBody, userTypeChangeAllowed, userTypeLocked } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie } from '../auth/session-cookie.js';
import { SESSION_COOKIE, SessionStore } from '../auth/session.store.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { Public } from '../http/public.decorator.js';
import { RateLimits } from '../http/rate-limit.guard.js';
import { checkAirport } from '../places/gazetteer.js';
import { CurrentUserService } from './current-user.service.js';
import type { CurrentUserView } from '@aero/contracts';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { SuccessSchema } from '../openapi/schemas/common.schema.js';
import { CurrentUserSchema } from '../openapi/schemas/profile.schema.js';
import { idParam } from '../http/id-param.js';

/** GET /api/users/me without a (live) session: a 404 the web app reads as no user */
const noSession = () => notFound(Messages.notSignedIn, ErrorCodes.noSession);

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  private readonly rpc: RpcClient;

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
    private readonly currentUser: CurrentUserService,
    private readonly rateLimits: RateLimits,
  ) {
    this.rpc = ctx.rpc;
  }

  private compose(userId: string, account?: AccountView): Promise<CurrentUserView> {
    return this.currentUser.compose(userId, account);
  }

  /** 404 when signed out (the web app reads that as "no user") */
  @Public()
  @ApiOkResponse({ type: CurrentUserSchema })
  @ApiErrors({ 404: 'Not signed in (code `no_session`): the web app reads it as no user' })
  @Get('me')
  async me(@Req() request: FastifyRequest) {
    const user = request.sessionUser;
    if (!user) throw noSession();
    try {
      return await this.compose(user.id);
    } catch (err) {
      // the account is gone (deleted elsewhere): the session dies with it
      if (err instanceof RpcError && err.body.status === 404) {
        await this.sessions.destroy(user.sessionId);
        throw noSession();
      }
      throw err;
    }
  }

  /**
   * Chooses the account type (spec §2 /welcome), and changes it, until the profile is complete;
   * after that the same type again is answered as it is, another one is refused (409
   * `user_type_locked`): a finished member cannot become airline staff without a document, nor
   * leave the paywall. Registration itself (POST) sets the type with the profile it creates.
   */
  @ApiOkResponse({ type: CurrentUserSchema, description: 'the updated user' })
  @ApiErrors({ 409: 'Another account type once the profile is complete (code `user_type_locked`)' })
  @Patch('me')
  async updateMe(@CurrentUser() user: SessionUser, @Body() body: UpdateMeBody) {
    const [current, profile] = await Promise.all([this.rpc.send(Rpc.identity.getAccount, { accountId: user.id }), this.currentUser.profileOf(user.id)]);
    const completed = !!profile?.profileCompleted;
    if (!userTypeChangeAllowed(current.userType, body.userType, completed)) throw userTypeLocked();
    const account = completed && current.userType ? current : await this.rpc.send(Rpc.identity.setUserType, { accountId: user.id, userType: body.userType });
    return this.currentUser.compose(user.id, account, profile);
  }

  /**
   * Registration (spec §2 /register), one step for the user: the profile is created first (every
   * rule that can refuse the form is checked there, and nothing has changed when it does), then the
   * account type is set (which welcomes the member). A retry after a failure of that second call
   * finds the profile in place and only sets the type.
   */
  @ApiCreatedResponse({ type: CurrentUserSchema, description: 'the registered user (its id is the account id)' })
  @ApiErrors({ 409: 'A profile is registered already' })
  @Post()
  async create(@CurrentUser() user: SessionUser, @Body() body: CreateProfileBody) {
    checkAirport(body.baseAirport);
    const profile = await this.createProfileOnce(user.id, body);
    const account = await this.rpc.send(Rpc.identity.setUserType, { accountId: user.id, userType: body.userType });
    return this.currentUser.compose(user.id, account, profile);
  }

  private async createProfileOnce(userId: string, body: CreateProfileBody): Promise<OwnProfileView> {
    try {
      return await this.rpc.send(Rpc.profiles.create, { userId, profile: body });
    } catch (err) {
      if (!(err instanceof RpcError && err.body.status === 409)) throw err;
      const account = await this.rpc.send(Rpc.identity.getAccount, { accountId: userId });
      const profile = await this.rpc.send(Rpc.profiles.get, { userId });
      // a half-finished registration (profile stored, type not yet set) is completed; a finished one stays a 409
      if (account.userType || !profile) throw err;
      return profile;
    }
  }

  /** self only: another user's profile is refused */
  @ApiOkResponse({ type: CurrentUserSchema })
  @ApiErrors({ 403: 'Another member\'s profile', 429: 'Too many moves of the member\'s location or base airport today (RATE_LIMIT_LOCATIONS)' })
  @Patch(':id')
  async update(@CurrentUser() user: SessionUser, @Param('id', idParam()) id: string, @Body() body: UpdateProfileBody) {
    if (id !== user.id) throw forbidden('You can only edit your own profile');
    checkAirport(body.baseAirport);
    if (body.latitude !== undefined || body.longitude !== undefined || body.baseAirport !== undefined) {
      // a move of the member's place or base airport counts against the day's budget, once a save
      // (a save that keeps both does not): stepping oneself around the map, or from airport to
      // airport (crew based there see its visitors' layovers), is no way to find where someone else is
      const current = await this.rpc.send(Rpc.profiles.get, { userId: id });
      const moved = (value: unknown, was: unknown) => value !== undefined && (value === null || was === null ? value !== was : Number(value) !== Number(was));
      const rebased = body.baseAirport !== undefined && body.baseAirport !== current?.baseAirport;
      if (!current || moved(body.latitude, current.latitude) || moved(body.longitude, current.longitude) || rebased) await this.rateLimits.checkMember('location', id);
    }
    const profile = await this.rpc.send(Rpc.profiles.update, { userId: id, profile: body });
    return this.currentUser.compose(id, undefined, profile);
  }

  /** self only: another user's id is refused */
  @ApiOkResponse({ type: SuccessSchema, description: 'account deleted; its sessions end' })
  @ApiErrors({ 403: 'Another member\'s account' })
  @Delete(':id')
  @HttpCode(200)
  async delete(@CurrentUser() user: SessionUser, @Param('id', idParam()) id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (id !== user.id) throw forbidden('You can only delete your own account');
    await this.rpc.send(Rpc.identity.deleteAccount, { accountId: id });
    await this.sessions.revokeAll(id);
    if (request.cookies?.[SESSION_COOKIE]) clearSessionCookie(reply, servedOverHttps(this.ctx.settings));
    return { success: true };
  }
}
