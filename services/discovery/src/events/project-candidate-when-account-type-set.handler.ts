import { type AccountTypeSetEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';

/** Keeps the account part of the deck's read model: type, subscription, demo crew. */
@Injectable()
export class ProjectCandidateWhenAccountTypeSetHandler implements DomainEventHandler {
  readonly consumer = 'discovery.project-candidate-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet, Events.identity.subscriptionChanged];

  constructor(private readonly projection: CandidateProjection) {}

  async handle(event: EventEnvelope) {
    await this.projection.applyAccount(event.payload as AccountTypeSetEvent);
  }
}
