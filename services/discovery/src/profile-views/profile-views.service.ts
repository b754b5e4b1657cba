import { badRequest, ErrorCodes, Messages, notFound, type ProfileViewEntry, type RecordProfileViewRequest, subscriptionRequired } from '@aero/contracts';
import { CLOCK, type Clock, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { browsesIncognito, mayDiscover, visibleTo } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { MatchRepository } from '../matches/match.repository.js';
import { SwipeRepository } from '../swipes/swipe.repository.js';
import { ProfileViewRepository } from './profile-view.repository.js';

/** the viewers the list shows (the most recent), and so the most the badge counts */
export const VIEWS_LISTED = 50;

/** Who viewed my profile (spec §3 profile_views): recorded when a member opens a profile's detail. */
@Injectable()
export class ProfileViewsService {
  constructor(
    private readonly views: ProfileViewRepository,
    private readonly candidates: CandidateRepository,
    private readonly swipes: SwipeRepository,
    private readonly matches: MatchRepository,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record({ userId, viewedUserId }: RecordProfileViewRequest): Promise<{ success: true }> {
    if (userId === viewedUserId) throw badRequest(Messages.unknownProfile, ErrorCodes.ownProfile);
    return this.uow.run(async () => {
      // the pair's lock a block takes (and a like, an unmatch): a block at the same moment commits
      // first and is read below, or waits for the view and deletes it; read before it and the view
      // stored after its commit, the blocked member would find the blocker in "who viewed me"
      await this.swipes.lockPair(userId, viewedUserId);
      const { member, other, blocked, blockedByMember } = await this.candidates.findPair(userId, viewedUserId);
      const now = this.clock.now();
      if (!member?.profileCompleted || !visibleTo(other, member, now) || blockedByMember) throw notFound(Messages.unknownProfile, ErrorCodes.unknownProfile);
      // one who must pay first tells nobody they looked, as they cannot like (a swipe's rule)
      if (!mayDiscover(member, now)) throw subscriptionRequired();
      // a hidden member browses incognito: answered alike, their look is kept nowhere (no "who viewed
      // me" entry, now or once they show themselves again, and no opening of their photos to the other);
      // so is one blocked by the other, never told who blocked them (as a swipe), and so is the other
      // of a match that ended (an unmatch: the one who ended it left their app, their photos closed)
      if (browsesIncognito(member) || blocked || (await this.matchEnded(userId, viewedUserId))) return { success: true };
      await this.views.record(userId, viewedUserId);
      return { success: true };
    });
  }

  /** the two liked each other and have no match: it ended (unmatch or block; their likes stay) */
  private async matchEnded(a: string, b: string) {
    return (await this.swipes.likedEachOther(a, b)) && !(await this.matches.existsForPair(a, b));
  }

  async list({ userId }: { userId: string }): Promise<ProfileViewEntry[]> {
    const now = this.clock.now();
    // only viewers whose privacy shows them to the member (a hidden one never)
    const views = await this.views.listFor(userId, await this.candidates.find(userId), now, VIEWS_LISTED);
    const profiles = await this.candidates.profiles(views.map((v) => v.viewerId), now);
    return views.flatMap((v) => {
      const p = profiles.get(v.viewerId);
      if (!p) return [];
      const viewer = { id: v.viewerId, firstName: p.firstName, age: p.age, verified: p.verified, position: p.position, airline: p.airline, location: p.location, mainPhoto: p.mainPhoto, photos: p.photos };
      return [{ id: `${v.viewerId}:${v.createdAt.getTime()}`, viewer, createdAt: v.createdAt.toISOString() }];
    });
  }

  async count({ userId }: { userId: string }): Promise<{ count: number }> {
    // what the list shows: at most its one page, so the badge never promises more than the dialog holds
    return { count: await this.views.countFor(userId, await this.candidates.find(userId), this.clock.now(), VIEWS_LISTED) };
  }
}
