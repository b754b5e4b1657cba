import { unauthorized } from '@aero/contracts';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../http/public.decorator.js';
import { SESSION_COOKIE, SessionStore } from './session.store.js';

/**
 * Global guard: every route needs a live session unless it is marked @Public(). A request without
 * a session cookie (public reads, most of the load) is decided at once, without a promise; whether
 * a route is public is read from its metadata once per route.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly publicRoutes = new WeakMap<object, WeakMap<object, boolean>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // sockets are authenticated from the cookie when they connect (RealtimeGateway)
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const sid = request.cookies?.[SESSION_COOKIE];
    if (!sid) return this.admit(context, request);
    return this.sessions.accountFor(sid).then((accountId) => {
      if (accountId) request.sessionUser = { id: accountId, sessionId: sid };
      return this.admit(context, request);
    });
  }

  private admit(context: ExecutionContext, request: FastifyRequest): boolean {
    if (this.isPublic(context)) return true;
    if (!request.sessionUser) throw unauthorized();
    return true;
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    const type = context.getClass();
    let byClass = this.publicRoutes.get(handler);
    if (!byClass) this.publicRoutes.set(handler, (byClass = new WeakMap()));
    let isPublic = byClass.get(type);
    if (isPublic === undefined) byClass.set(type, (isPublic = !!this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, type])));
    return isPublic;
  }
}
