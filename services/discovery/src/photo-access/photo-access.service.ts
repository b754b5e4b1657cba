import type { CanSeePhotosRequest } from '@aero/contracts';
import { CLOCK, type Clock } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { BlockRepository } from '../blocks/block.repository.js';
import { isRestricted, privacyShows, visibleTo } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { MatchRepository } from '../matches/match.repository.js';
import { ProfileViewRepository } from '../profile-views/profile-view.repository.js';
import { SwipeRepository } from '../swipes/swipe.repository.js';

/**
 * Who may open a member's photos: the member, their matches, the members they viewed (while their
 * privacy shows them in those members' "who viewed me": never while hidden), and
 * members whose deck they may appear in (their privacy settings decide) — not every account, and
 * nobody while the member is banned or suspended (their matches and those they viewed included).
 * Never the other of a match that ended: an unmatch closes them as a block does (the member who
 * ended it leaves the other's app), so a member blocked cannot tell the block from an unmatch.
 */
@Injectable()
export class PhotoAccessService {
  constructor(
    private readonly candidates: CandidateRepository,
    private readonly matches: MatchRepository,
    private readonly views: ProfileViewRepository,
    private readonly blocks: BlockRepository,
    private readonly swipes: SwipeRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async canSee({ viewerId, ownerId }: CanSeePhotosRequest): Promise<{ allowed: boolean }> {
    if (viewerId === ownerId) return { allowed: true };
    const now = this.clock.now();
    const [owner, blocked] = await Promise.all([this.candidates.find(ownerId), this.blocks.between(viewerId, ownerId)]);
    if (blocked || (owner && isRestricted(owner, now))) return { allowed: false };
    // (a match's photos, the chat's case, need no more reading)
    if (await this.matches.existsForPair(viewerId, ownerId)) return { allowed: true };
    // their likes stay when their match ends (unmatch or block): liked each other without a match, it
    // ended. Or the like back that made it committed between the two reads (the match and the like
    // are one transaction): the match is read again after the likes, so a match made at that moment
    // is seen, never taken for an ended one (a block of it refused, the match kept)
    if (await this.swipes.likedEachOther(viewerId, ownerId)) return { allowed: await this.matches.existsForPair(viewerId, ownerId) };
    const viewer = await this.candidates.find(viewerId);
    // the owner's view of the viewer's profile opens their photos to the viewer only while "who viewed
    // me" shows them that view (the owner's privacy): a hidden member is seen by their matches only,
    // so a view made before they hid opens nothing any more
    if (owner && privacyShows(owner, viewer) && (await this.views.exists(ownerId, viewerId))) return { allowed: true };
    return { allowed: visibleTo(owner, viewer, now) };
  }
}
