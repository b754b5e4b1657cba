import { type AccountView, type CurrentUserView, isAirline, mustPay, type OwnProfileView, type PaymentStanding, Rpc } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { toCurrentUser } from './current-user.view.js';

/** Composes the current user (account + own profile + whether they must pay) for /users/me, login, verify and registration. */
@Injectable()
export class CurrentUserService {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  profileOf(userId: string) {
    return this.ctx.rpc.send(Rpc.profiles.get, { userId });
  }

  /** what decides whether the member must pay (the employment document's review, as it counts for paying, only matters for airline members) */
  async standing(userId: string, account?: AccountView): Promise<PaymentStanding & { account: AccountView }> {
    const acc = account ?? (await this.ctx.rpc.send(Rpc.identity.getAccount, { accountId: userId }));
    const verification = isAirline(acc.userType) ? (await this.ctx.rpc.send(Rpc.profiles.verificationStatus, { userId })).standing : 'none';
    return { account: acc, userType: acc.userType, subscriptionStatus: acc.subscriptionStatus, verification, registeredAt: acc.createdAt };
  }

  /** whether the member must pay before using the app (the gate's `mustSubscribe`): by the one rule, and never an admin */
  mustSubscribe(standing: PaymentStanding & { account: AccountView }): boolean {
    return !standing.account.isAdmin && mustPay(standing, this.ctx.clock.now());
  }

  /** the account joined with the profile (read at once; pass what is already known) */
  async compose(userId: string, account?: AccountView, profile?: OwnProfileView | null): Promise<CurrentUserView> {
    const [standing, own] = await Promise.all([this.standing(userId, account), profile === undefined ? this.profileOf(userId) : profile]);
    return { ...toCurrentUser(standing.account, own), mustSubscribe: this.mustSubscribe(standing) };
  }
}
