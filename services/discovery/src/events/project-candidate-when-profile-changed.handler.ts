import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';
import { DemoLikesService } from '../swipes/demo-likes.service.js';

type Handled = typeof Events.profiles.profileCreated | typeof Events.profiles.profileUpdated;

/**
 * Keeps the deck's read model of a profile (coordinates only as their grid cell). A new complete
 * profile brings the demo crew's welcome likes (DemoLikesService).
 */
@Injectable()
export class ProjectCandidateWhenProfileChangedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'discovery.project-candidate-when-profile-changed';
  readonly subjects = [Events.profiles.profileCreated, Events.profiles.profileUpdated];

  constructor(
    private readonly projection: CandidateProjection,
    private readonly demoLikes: DemoLikesService,
  ) {}

  async handle(event: DomainEvent<Handled>) {
    const applied = await this.projection.applyProfile(event.payload);
    if (applied && event.subject === Events.profiles.profileCreated) await this.demoLikes.welcome(event.payload.userId);
  }
}
