import { ErrorCodes, forbidden, Messages, Rpc } from '@aero/contracts';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

/**
 * Admins only. Runs after the global SessionGuard (signed-out → 401); looks the account up on
 * every request, so a revoked admin loses access at once.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<FastifyRequest>().sessionUser;
    if (!user) throw forbidden(Messages.adminOnly, ErrorCodes.adminsOnly);
    const account = await this.ctx.rpc.send(Rpc.identity.getAccount, { accountId: user.id });
    if (!account.isAdmin) throw forbidden(Messages.adminOnly, ErrorCodes.adminsOnly);
    return true;
  }
}
