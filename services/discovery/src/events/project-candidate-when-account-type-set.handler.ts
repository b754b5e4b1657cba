import { type AccountTypeSetEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/messaging';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CandidateRepository } from '../candidates/candidate.repository.js';

/** Keeps the account part of the deck's read model: type, subscription, demo crew. */
@Injectable()
export class ProjectCandidateWhenAccountTypeSetHandler implements DomainEventHandler {
  readonly consumer = 'discovery.project-candidate-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet];

  constructor(private readonly candidates: CandidateRepository) {}

  async handle(event: EventEnvelope, manager: EntityManager) {
    const { accountId, userType, subscriptionStatus, demo } = event.payload as AccountTypeSetEvent;
    await this.candidates.upsertAccount({ userId: accountId, userType, subscriptionStatus: subscriptionStatus ?? 'inactive', demo: demo ?? false }, manager);
  }
}
