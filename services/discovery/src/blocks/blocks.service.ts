import { DomainEvents, UnitOfWork } from '@aero/common';
import { badRequest, type BlockRequest, type BlockView, ErrorCodes, Events, type MatchEndedEvent, type MatchEndReply, type MatchMemberRequest, type MemberBlockedEvent, type MemberUnblockedEvent, Messages, notFound } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { BlockRepository } from './block.repository.js';
import type { Match } from '../matches/match.repository.js';
import { MatchRepository } from '../matches/match.repository.js';
import { ProfileViewRepository } from '../profile-views/profile-view.repository.js';
import { SwipeRepository } from '../swipes/swipe.repository.js';

/**
 * Unmatch and block. Both end the pair's match (it leaves both match lists) and answer which match
 * ended: the gateway has messaging close its conversation before it answers the member
 * (`discovery.match.ended` closes it too, later); the likes stay, so neither appears in the other's
 * deck again. A block also hides each from the other everywhere (deck, who viewed me, photos,
 * presence) and refuses messages either way; unblocking lifts that but brings no match back.
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly matches: MatchRepository,
    private readonly blocks: BlockRepository,
    private readonly candidates: CandidateRepository,
    private readonly views: ProfileViewRepository,
    private readonly swipes: SwipeRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
  ) {}

  async unmatch({ userId, matchId }: MatchMemberRequest): Promise<MatchEndReply> {
    return this.uow.run(async () => {
      const found = await this.matches.find(matchId);
      if (!found || !found.userIds.includes(userId)) throw notFound(Messages.matchNotFound, ErrorCodes.matchNotFound);
      await this.swipes.lockPair(found.userIds[0], found.userIds[1]);
      // read again under the pair's lock: an unmatch or a block of the pair that went first has ended it
      const match = await this.matches.find(matchId);
      // (ended by neither: a deletion of either member under way ends it, as it ends all of theirs)
      const endedMatch = match && (await this.end(match, 'unmatch', userId));
      if (!endedMatch) throw notFound(Messages.matchNotFound, ErrorCodes.matchNotFound);
      return { success: true, endedMatch };
    });
  }

  async block({ userId, otherUserId }: BlockRequest): Promise<MatchEndReply> {
    if (userId === otherUserId) throw badRequest(Messages.cannotBlockSelf, ErrorCodes.selfBlock);
    return this.uow.run(async () => {
      // whom a member may block (someone they can see, talked with, or blocked already) is the
      // gateway's rule, before it calls: it needs messaging's conversations too; here the account exists
      if (!(await this.candidates.find(otherUserId))) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
      await this.swipes.lockPair(userId, otherUserId);
      if (!(await this.blocks.add(userId, otherUserId))) return { success: true, endedMatch: null };
      const match = await this.matches.findForPair(userId, otherUserId);
      const endedMatch = match ? await this.end(match, 'block', userId) : null;
      if (!endedMatch) await this.views.deletePair(userId, otherUserId); // (ending the match deletes them)
      await this.events.emit(Events.discovery.memberBlocked, { blockerId: userId, blockedId: otherUserId } satisfies MemberBlockedEvent);
      return { success: true, endedMatch };
    });
  }

  async unblock({ userId, otherUserId }: BlockRequest): Promise<{ success: true }> {
    return this.uow.run(async () => {
      if (!(await this.blocks.remove(userId, otherUserId))) throw notFound(Messages.unknownProfile, ErrorCodes.notBlocked);
      await this.events.emit(Events.discovery.memberUnblocked, { blockerId: userId, blockedId: otherUserId } satisfies MemberUnblockedEvent);
      return { success: true };
    });
  }

  async list({ userId }: { userId: string }): Promise<BlockView[]> {
    const blocks = await this.blocks.listBy(userId);
    const profiles = await this.candidates.profiles(blocks.map((b) => b.blockedId), null);
    return blocks.map((b) => ({ userId: b.blockedId, firstName: profiles.get(b.blockedId)?.firstName ?? null, createdAt: b.createdAt.toISOString() }));
  }

  /**
   * Ends a match (the pair locked): it goes, and so do the pair's views either way, as after a block,
   * so that the one left cannot tell an unmatch from a block by 'who viewed me'. Null when it was
   * gone by the time it was deleted: a member's deletion took it (and tells its end itself).
   */
  private async end(match: Match, reason: MatchEndedEvent['reason'], endedBy: string): Promise<MatchEndReply['endedMatch']> {
    if (!(await this.matches.delete(match.id))) return null;
    await this.views.deletePair(match.userIds[0], match.userIds[1]);
    await this.events.emit(Events.discovery.matchEnded, { matchId: match.id, userIds: match.userIds, reason, endedBy } satisfies MatchEndedEvent);
    return { matchId: match.id, userIds: match.userIds };
  }
}
