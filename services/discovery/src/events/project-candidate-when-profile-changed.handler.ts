import { Events, type LikeCreatedEvent } from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, type DomainEvent, type DomainEventHandler } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { CandidateProjection } from '../candidates/candidate-projection.js';
import { NO_FILTERS, toDeckFilters } from '../deck/deck.service.js';
import { SwipeRepository } from '../swipes/swipe.repository.js';

type Handled = typeof Events.profiles.profileCreated | typeof Events.profiles.profileUpdated;

/** demo crew members who like a new member at once, so the first right swipe on one is a match */
export const DEMO_WELCOME_LIKES = 3;

/**
 * Keeps the deck's read model of a profile (coordinates only as their grid cell). A new real
 * member's complete profile is liked by a few demo crew members who fit them both ways (also
 * when the crew arrives after the member: each new demo member likes those still short of it).
 */
@Injectable()
export class ProjectCandidateWhenProfileChangedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'discovery.project-candidate-when-profile-changed';
  readonly subjects = [Events.profiles.profileCreated, Events.profiles.profileUpdated];

  constructor(
    private readonly projection: CandidateProjection,
    private readonly candidates: CandidateRepository,
    private readonly swipes: SwipeRepository,
    private readonly events: DomainEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: DomainEvent<Handled>) {
    const changed = event.payload;
    const { userId } = changed;
    const applied = await this.projection.applyProfile(changed);
    if (!applied || event.subject !== Events.profiles.profileCreated) return;
    const me = await this.candidates.find(userId);
    if (!me?.profileCompleted) return;
    const now = this.clock.now();
    if (!me.demo) {
      const crew = await this.candidates.deck(me, toDeckFilters(NO_FILTERS), { limit: DEMO_WELCOME_LIKES, demo: true, now });
      for (const demo of crew) await this.demoLike(demo.userId, demo.profile.firstName, userId);
      return;
    }
    const waiting = await this.candidates.deck(me, toDeckFilters(NO_FILTERS), { limit: 100, demo: false, now });
    const received = await this.candidates.demoLikesReceived(waiting.map((m) => m.userId));
    for (const member of waiting) {
      if ((received.get(member.userId) ?? 0) < DEMO_WELCOME_LIKES) await this.demoLike(userId, me.profile?.firstName ?? null, member.userId);
    }
  }

  /** a real like: the member's Activity shows it like any other */
  private async demoLike(demoId: string, firstName: string | null, memberId: string) {
    if (!(await this.swipes.insert({ userId: demoId, targetId: memberId, action: 'like', undoable: false }))) return;
    await this.events.emit(Events.discovery.likeCreated, { fromUserId: demoId, toUserId: memberId, isSuper: false, fromFirstName: firstName } satisfies LikeCreatedEvent);
  }
}
