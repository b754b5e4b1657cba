import { type AccountView, Rpc } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import type { CurrentUserView } from '@aero/contracts';
import { toCurrentUser } from './current-user.view.js';

/** Composes the current user (account + own profile) for /users/me, login and verify. */
@Injectable()
export class CurrentUserService {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  profileOf(userId: string) {
    return this.ctx.rpc.send(Rpc.profiles.get, { userId });
  }

  /** the account joined with the profile (both read at once; pass the account when already known) */
  async compose(userId: string, account?: AccountView): Promise<CurrentUserView> {
    const [acc, profile] = await Promise.all([account ?? this.ctx.rpc.send(Rpc.identity.getAccount, { accountId: userId }), this.profileOf(userId)]);
    return toCurrentUser(acc, profile);
  }
}
