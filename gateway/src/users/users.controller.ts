import type { RpcClient } from '@aero/common';
import { type AccountView, forbidden, Rpc, UpdateMeBody } from '@aero/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, ParseUUIDPipe, Patch, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie } from '../auth/session-cookie.js';
import { SESSION_COOKIE, SessionStore } from '../auth/session.store.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { Public } from '../http/public.decorator.js';
import { toCurrentUser } from './current-user.view.js';
import { RpcError } from '@aero/common';

@Controller('api/users')
export class UsersController {
  private readonly rpc: RpcClient;

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
  ) {
    this.rpc = ctx.rpc;
  }

  /** 404 when signed out (the web app reads that as "no user") */
  @Public()
  @Get('me')
  async me(@Req() request: FastifyRequest) {
    const user = request.sessionUser;
    if (!user) throw new NotFoundException({ message: 'Not signed in', code: 'no_session' });
    try {
      return toCurrentUser(await this.rpc.send<AccountView>(Rpc.identity.getAccount, { accountId: user.id }));
    } catch (err) {
      // the account is gone (deleted elsewhere): the session dies with it
      if (err instanceof RpcError && err.body.status === 404) {
        await this.sessions.destroy(user.sessionId);
        throw new NotFoundException({ message: 'Not signed in', code: 'no_session' });
      }
      throw err;
    }
  }

  @Patch('me')
  async updateMe(@CurrentUser() user: SessionUser, @Body() body: UpdateMeBody) {
    return toCurrentUser(await this.rpc.send<AccountView>(Rpc.identity.setUserType, { accountId: user.id, userType: body.userType }));
  }

  /** self only: another user's id is refused */
  @Delete(':id')
  @HttpCode(200)
  async delete(@CurrentUser() user: SessionUser, @Param('id', new ParseUUIDPipe({ version: '4' })) id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (id !== user.id) throw forbidden('You can only delete your own account');
    await this.rpc.send(Rpc.identity.deleteAccount, { accountId: id });
    await this.sessions.revokeAll(id);
    if (request.cookies?.[SESSION_COOKIE]) clearSessionCookie(reply, this.ctx.settings.publicUrl.startsWith('https://'));
    return { success: true };
  }
}
