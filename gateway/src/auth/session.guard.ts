import { Messages } from '@aero/contracts';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../http/public.decorator.js';
import { SESSION_COOKIE, SessionStore } from './session.store.js';

/** Global guard: every route needs a live session unless it is marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // sockets are authenticated from the cookie when they connect (RealtimeGateway)
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const sid = request.cookies?.[SESSION_COOKIE];
    const accountId = await this.sessions.accountFor(sid);
    if (accountId && sid) request.sessionUser = { id: accountId, sessionId: sid };
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    if (!request.sessionUser) throw new UnauthorizedException(Messages.notSignedIn);
    return true;
  }
}
