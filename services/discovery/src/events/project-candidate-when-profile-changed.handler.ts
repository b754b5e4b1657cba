import { Events, type LikeCreatedEvent, type ProfileChangedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import { type EventEnvelope, writeOutbox } from '@aero/messaging';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { snapToGrid } from '../candidates/location-grid.js';
import { NO_FILTERS, toDeckFilters } from '../deck/deck.service.js';
import { SwipeRepository } from '../swipes/swipe.repository.js';

/** demo crew members who like a new member at once, so the first right swipe on one is a match */
export const DEMO_WELCOME_LIKES = 3;

/**
 * Keeps the deck's read model of a profile (coordinates only as their grid cell). A new real
 * member's complete profile is liked by a few demo crew members who fit them both ways (also
 * when the crew arrives after the member: each new demo member likes those still short of it).
 */
@Injectable()
export class ProjectCandidateWhenProfileChangedHandler implements DomainEventHandler {
  readonly consumer = 'discovery.project-candidate-when-profile-changed';
  readonly subjects = [Events.profiles.profileCreated, Events.profiles.profileUpdated];

  constructor(
    private readonly candidates: CandidateRepository,
    private readonly swipes: SwipeRepository,
  ) {}

  async handle(event: EventEnvelope, manager: EntityManager) {
    const { userId, profile, matching } = event.payload as ProfileChangedEvent;
    await this.candidates.upsertProfile(
      {
        userId,
        profile,
        profileCompleted: matching.profileCompleted,
        age: profile.age,
        gender: profile.gender,
        interestedIn: profile.interestedIn,
        ageMin: matching.agePreferenceMin,
        ageMax: matching.agePreferenceMax,
        distancePreference: matching.distancePreference,
        cell: snapToGrid(matching.latitude, matching.longitude),
      },
      manager,
    );
    if (event.subject !== Events.profiles.profileCreated) return;
    const me = await this.candidates.find(userId, manager);
    if (!me?.profileCompleted) return;
    if (!me.demo) {
      const crew = await this.candidates.deck(me, toDeckFilters(NO_FILTERS), { limit: DEMO_WELCOME_LIKES, demo: true, manager });
      for (const demo of crew) await this.demoLike(demo.userId, demo.profile.firstName, userId, manager);
      return;
    }
    const waiting = await this.candidates.deck(me, toDeckFilters(NO_FILTERS), { limit: 100, demo: false, manager });
    const received = await this.candidates.demoLikesReceived(waiting.map((m) => m.userId), manager);
    for (const member of waiting) {
      if ((received.get(member.userId) ?? 0) < DEMO_WELCOME_LIKES) await this.demoLike(userId, me.profile?.firstName ?? null, member.userId, manager);
    }
  }

  /** a real like: the member's Activity shows it like any other */
  private async demoLike(demoId: string, firstName: string | null, memberId: string, manager: EntityManager) {
    if (!(await this.swipes.insert({ userId: demoId, targetId: memberId, action: 'like', undoable: false }, manager))) return;
    await writeOutbox(manager, 'discovery', Events.discovery.likeCreated, { fromUserId: demoId, toUserId: memberId, isSuper: false, fromFirstName: firstName } satisfies LikeCreatedEvent);
  }
}
