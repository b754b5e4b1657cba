import { ErrorCodes, type MatchEndReply, Messages, notFound, Rpc } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

/**
 * Unmatch and block, and who may be blocked or reported.
 *
 * Either ends the pair's conversation before the member is answered: discovery ends the match and
 * names it, then messaging closes its room (a send in flight finishes first, any later one is
 * refused), so no message between the two is accepted once the answer is out, in either runtime
 * mode. `discovery.match.ended` closes it too, but only as fast as the outbox relay and messaging's
 * consumer go: it stays the durable fallback (a failure between the two calls).
 *
 * Who may be blocked or reported is one rule, that `POST /api/blocks`, `POST /api/reports` and a
 * report's own block all go by. A member blocks or reports only someone they know in the product's
 * sense — someone they can see (in their deck, a match, who viewed them), someone they had a
 * conversation with (who harassed them and then hid, blocked or unmatched them stays within
 * reach), or someone they blocked already (a repeated block changes nothing, a second report stays
 * possible). Anyone else is answered exactly as an id of no account (404 `unknown_profile`):
 * neither call files anything against a stranger, nor tells whether an id is a member's.
 */
@Injectable()
export class BlocksService {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  /** 404 `unknown_profile` unless `userId` may block or report `otherUserId` */
  async checkMayBlockOrReport(userId: string, otherUserId: string): Promise<void> {
    if (!(await this.mayBlockOrReport(userId, otherUserId))) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
  }

  /** `userId` blocks `otherUserId` if they may (see the class); safe to repeat */
  async block(userId: string, otherUserId: string): Promise<{ success: true }> {
    await this.checkMayBlockOrReport(userId, otherUserId);
    return this.closeConversation(await this.ctx.rpc.send(Rpc.discovery.block, { userId, otherUserId }));
  }

  /** `userId` ends their match `matchId` (404 when it is not theirs) */
  async unmatch(userId: string, matchId: string): Promise<{ success: true }> {
    return this.closeConversation(await this.ctx.rpc.send(Rpc.discovery.unmatch, { userId, matchId }));
  }

  private async closeConversation({ endedMatch }: MatchEndReply): Promise<{ success: true }> {
    if (endedMatch) await this.ctx.rpc.send(Rpc.messaging.endConversation, endedMatch);
    return { success: true };
  }

  private async mayBlockOrReport(userId: string, otherUserId: string): Promise<boolean> {
    if ((await this.ctx.rpc.send(Rpc.discovery.canSeePhotos, { viewerId: userId, ownerId: otherUserId })).allowed) return true;
    if ((await this.ctx.rpc.send(Rpc.messaging.hadConversation, { userId, otherUserId })).had) return true;
    return (await this.ctx.rpc.send(Rpc.discovery.listBlocks, { userId })).some((b) => b.userId === otherUserId);
  }
}
