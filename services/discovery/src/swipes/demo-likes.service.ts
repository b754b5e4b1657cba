import { DomainError } from '@aero/contracts';
import { CLOCK, type Clock } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { type DeckRow, isVisible, mayDiscover } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { NO_FILTERS, toDeckFilters } from '../deck/deck.service.js';
import { SwipeService } from './swipe.service.js';

/** demo crew members who like a new member at once, so the first right swipe on one is a match */
export const DEMO_WELCOME_LIKES = 3;
/** the crew members of a new member's deck (in its order) from whom the likers are chosen: those closest to her age */
export const DEMO_WELCOME_POOL = 24;

/**
 * `rows` with those who liked the member already first (as in the deck: their likes count towards
 * the welcome), then by how far their shown age is from hers, nearest first (an unknown age last;
 * the deck's order among equals)
 */
const nearestInAge = (rows: DeckRow[], age: number | null): DeckRow[] =>
  [...rows].sort((a, b) => Number(b.likedMe) - Number(a.likedMe) || (age === null ? 0 : distance(a, age) - distance(b, age)));
const distance = (row: DeckRow, age: number) => (row.profile.age === null ? Infinity : Math.abs(row.profile.age - age));

/**
 * The demo crew's welcome likes (beyond spec): a real member others can see (complete profile,
 * admitted) is liked by a few demo crew members who fit them both ways, the nearest their age,
 * and a demo crew member who arrives later likes the members still short of it. Called when a
 * profile or an account part reaches the deck's read model (whichever comes last completes the
 * member), in that unit of work. Each like is a member's like (SwipeService): the same rules, match, event and
 * notification; one the rules refuse is not given.
 */
@Injectable()
export class DemoLikesService {
  constructor(
    private readonly candidates: CandidateRepository,
    private readonly swipes: SwipeService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async welcome(userId: string) {
    const me = await this.candidates.find(userId);
    const now = this.clock.now();
    if (!me || !mayDiscover(me, now)) return;
    if (!me.demo) {
      if (!isVisible(me, now) || ((await this.candidates.demoLikesReceived([userId])).get(userId) ?? 0) >= DEMO_WELCOME_LIKES) return;
      // the crew who fit her, nearest her age first: a 25-year-old's first cards are not of 60-year-olds
      const pool = await this.candidates.deck(me, toDeckFilters(NO_FILTERS), { limit: DEMO_WELCOME_POOL, demo: true, now });
      for (const demo of nearestInAge(pool, me.age).slice(0, DEMO_WELCOME_LIKES)) await this.like(demo.userId, userId);
      return;
    }
    const waiting = await this.candidates.deck(me, toDeckFilters(NO_FILTERS), { limit: 100, demo: false, now });
    const received = await this.candidates.demoLikesReceived(waiting.map((m) => m.userId));
    for (const member of waiting) {
      if ((received.get(member.userId) ?? 0) < DEMO_WELCOME_LIKES) await this.like(userId, member.userId);
    }
  }

  private async like(demoId: string, memberId: string) {
    try {
      await this.swipes.swipe({ userId: demoId, toUserId: memberId, action: 'like' });
    } catch (error) {
      // out of the demo member's sight after all (the rules of a member's like): no like
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }
}
