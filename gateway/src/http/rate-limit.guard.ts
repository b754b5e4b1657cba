import { Messages } from '@aero/contracts';
import { type CanActivate, type ExecutionContext, HttpException, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

const RATE_LIMIT = 'rateLimit';
/** Rate-limits a route under a bucket name, per account (email in the body) or else per IP. */
export const RateLimit = (bucket: string) => SetMetadata(RATE_LIMIT, bucket);

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<string>(RATE_LIMIT, context.getHandler());
    if (!bucket) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const who = typeof email === 'string' && email.trim() ? `acct:${email.trim().toLowerCase()}` : `ip:${request.ip}`;
    const { windowSeconds, auth } = this.ctx.settings.rateLimits;
    const { count, ttlSeconds } = await this.ctx.kv.incrWithTtl(`rl:${bucket}:${who}`, windowSeconds);
    if (count > auth) {
      throw new HttpException({ message: Messages.rateLimited, code: 'rate_limited', retryAfter: Math.max(1, ttlSeconds) }, 429);
    }
    return true;
  }
}
