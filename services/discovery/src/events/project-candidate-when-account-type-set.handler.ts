import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';

type Handled = typeof Events.identity.accountTypeSet | typeof Events.identity.subscriptionChanged;

/** Keeps the account part of the deck's read model: type, subscription, demo crew. */
@Injectable()
export class ProjectCandidateWhenAccountTypeSetHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'discovery.project-candidate-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet, Events.identity.subscriptionChanged];

  constructor(private readonly projection: CandidateProjection) {}

  async handle(event: DomainEvent<Handled>) {
    await this.projection.applyAccount(event.payload);
  }
}
