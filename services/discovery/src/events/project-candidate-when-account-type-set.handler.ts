import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';
import { DemoLikesService } from '../swipes/demo-likes.service.js';

type Handled = typeof Events.identity.accountTypeSet | typeof Events.identity.subscriptionChanged;

/**
 * Keeps the account part of the deck's read model: type, subscription, demo crew. A member it
 * makes visible (the profile's event came first, or they just paid) gets the demo crew's welcome
 * likes (DemoLikesService).
 */
@Injectable()
export class ProjectCandidateWhenAccountTypeSetHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'discovery.project-candidate-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet, Events.identity.subscriptionChanged];

  constructor(
    private readonly projection: CandidateProjection,
    private readonly demoLikes: DemoLikesService,
  ) {}

  async handle(event: DomainEvent<Handled>) {
    if (await this.projection.applyAccount(event.payload)) await this.demoLikes.welcome(event.payload.accountId);
  }
}
