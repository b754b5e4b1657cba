import { badRequest, ErrorCodes, Events, Limits, type LikeCreatedEvent, type LikeDeclinedEvent, type LikeWithdrawnEvent, type MatchCreatedEvent, Messages, notFound, subscriptionRequired, type SwipeRequest, type SwipeResult, superLikeDay, superLikesUsedOn } from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { mayDiscover, visibleTo, wantsToMeet } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { MatchRepository } from '../matches/match.repository.js';
import { SwipeRepository } from './swipe.repository.js';

/**
 * Like, super-like and pass. A like that meets the other member's like makes the match, once per
 * pair: both likes take the pair's lock, so two likes at the same instant (on one replica or
 * two) see each other, and the pair is unique in the table besides.
 */
@Injectable()
export class SwipeService {
  constructor(
    private readonly candidates: CandidateRepository,
    private readonly swipes: SwipeRepository,
    private readonly matches: MatchRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async swipe({ userId, toUserId, action }: SwipeRequest): Promise<SwipeResult> {
    if (userId === toUserId) throw badRequest(Messages.cannotSwipeSelf, ErrorCodes.selfSwipe);
    return this.uow.run(async () => {
      await this.swipes.lockPair(userId, toUserId);
      const pair = await this.candidates.findPair(userId, toUserId);
      // a super like counts against the member's quota: their row stays locked until the end
      const me = action === 'super_like' ? await this.candidates.findForUpdate(userId) : pair.member;
      const target = pair.other;
      // someone out of the member's sight (gone, blocked by them, hidden, for verified crew only,
      // hidden from their own airline) is no one to them. A member blocked by the other is answered
      // as if there were no block (as after an unmatch: the blocker only left their deck), never
      // told who blocked them: their swipe is kept as any other, but makes no match
      if (!me?.profileCompleted || !visibleTo(target, me, this.clock.now()) || pair.blockedByMember) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
      if (!mayDiscover(me, this.clock.now())) throw subscriptionRequired();
      const swiped = await this.swipes.record({ userId, targetId: toUserId, action, undoable: true });
      // a like is news for its owner: only for someone who wants to meet the member, as the deck
      // shows them, or who liked them already (a like back stands, whatever they changed since);
      // refused, it is not recorded (the transaction ends with the error)
      if (swiped.inserted && action !== 'pass' && !swiped.likedBack && !wantsToMeet(target, me)) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
      if (!swiped.inserted) {
        // a repeated swipe changes nothing; a like answers the match if there still is one (an
        // unmatch keeps both likes: liking again must not bring back a match the other ended)
        const match = action !== 'pass' && swiped.liked && swiped.likedBack ? await this.matches.findForPair(userId, toUserId) : null;
        return match ? { isMatch: true, match: { id: match.id } } : { isMatch: false };
      }
      if (action === 'super_like') {
        const now = this.clock.now();
        const used = superLikesUsedOn(me, now);
        if (used >= Limits.superLikesPerDay) throw badRequest(Messages.noSuperLikes, ErrorCodes.noSuperLikes);
        await this.candidates.setSuperLikes(userId, used + 1, superLikeDay(now));
      }
      await this.candidates.touch(userId);
      if (action === 'pass') {
        // a pass answers the other's like: what the member was told of it ('Ben liked you') goes
        if (swiped.likedBack) await this.events.emit(Events.discovery.likeDeclined, { fromUserId: toUserId, toUserId: userId } satisfies LikeDeclinedEvent);
        return { isMatch: false };
      }
      // a like the other has not answered yet is news for them; one that makes the match is told by
      // the match; one they already answered with a pass is news for no one: they swiped the member,
      // who no longer shows in their deck, so they could not answer it (the liker is told nothing
      // either); nor is one from a member out of their sight, whom they cannot see to answer: one
      // who browses hidden, or whose privacy keeps them from them (for verified crew only, hidden
      // from their own airline): a super like is spent all the same. Either stays recorded: it makes
      // the match if they like back, and puts its member first in their deck once visible again
      if (!swiped.likedBack || pair.blocked) {
        if (!swiped.passedBack && visibleTo(me, target, this.clock.now()) && !pair.blocked) await this.events.emit(Events.discovery.likeCreated, { fromUserId: userId, toUserId, isSuper: action === 'super_like', fromFirstName: me.profile?.firstName ?? null } satisfies LikeCreatedEvent);
        return { isMatch: false };
      }
      const { match, created } = await this.matches.createForPair(userId, toUserId);
      if (created) {
        // a like that made a match cannot be undone any more
        await this.swipes.markPairNotUndoable(userId, toUserId);
        await this.events.emit(Events.discovery.matchCreated, {
          matchId: match.id,
          userIds: match.userIds,
          firstNames: { [userId]: me.profile?.firstName ?? null, [toUserId]: target.profile?.firstName ?? null },
          madeBy: userId,
        } satisfies MatchCreatedEvent);
      }
      return { isMatch: true, match: { id: match.id } };
    });
  }

  /**
   * takes back the member's last swipe (not one that made a match); a like is withdrawn (the
   * other's notification of it goes), so a super like is given back; a pass that declined the
   * other's like gives that like back to the member: it is news for them again, as when it was made
   */
  async undo({ userId }: { userId: string }): Promise<{ success: true; toUserId: string; action: string }> {
    return this.uow.run(async () => {
      // the swipe's pair is locked as a swipe locks it, and the swipe read again under the lock: the
      // other's like back either made the match first (the swipe is no longer undoable) or comes
      // after the undo and no longer sees the like
      const latest = await this.swipes.lastUndoable(userId, { lock: false });
      if (latest) await this.swipes.lockPair(userId, latest.targetId);
      const last = latest && (await this.swipes.lastUndoable(userId, { lock: true }));
      if (!last || last.targetId !== latest.targetId) throw badRequest(Messages.noActionToUndo, ErrorCodes.nothingToUndo);
      const declined = last.action === 'pass' ? await this.swipes.answeredLike(userId, last.targetId) : null;
      await this.swipes.delete(userId, last.targetId);
      if (declined) await this.likeIsNewsAgain(userId, last.targetId, declined.action === 'super_like');
      if (last.action !== 'pass') await this.events.emit(Events.discovery.likeWithdrawn, { fromUserId: userId, toUserId: last.targetId } satisfies LikeWithdrawnEvent);
      if (last.action === 'super_like') {
        const me = await this.candidates.findForUpdate(userId);
        const now = this.clock.now();
        if (me && superLikeDay(last.createdAt) === superLikeDay(now)) await this.candidates.setSuperLikes(userId, Math.max(0, superLikesUsedOn(me, now) - 1), superLikeDay(now));
      }
      return { success: true, toUserId: last.targetId, action: last.action };
    });
  }

  /**
   * `likerId`'s like of the member, declined by a pass now undone, is news for the member again
   * (its notification comes back), by the rule that made it news: not from a member who browses
   * hidden, nor across a block, nor from one out of the member's sight since (restricted, for
   * verified crew only, hidden from their own airline)
   */
  private async likeIsNewsAgain(userId: string, likerId: string, isSuper: boolean) {
    const { member, other: liker, blocked } = await this.candidates.findPair(userId, likerId);
    if (!liker || !member || blocked || !visibleTo(liker, member, this.clock.now())) return;
    await this.events.emit(Events.discovery.likeCreated, { fromUserId: likerId, toUserId: userId, isSuper, fromFirstName: liker.profile?.firstName ?? null } satisfies LikeCreatedEvent);
  }
}
