import { type AccountRestrictedEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';

/** A banned or suspended member leaves every deck, match list and who viewed me (until a suspension ends). */
@Injectable()
export class HideCandidateWhenAccountRestrictedHandler implements DomainEventHandler {
  readonly consumer = 'discovery.hide-candidate-when-account-restricted';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(private readonly projection: CandidateProjection) {}

  async handle(event: EventEnvelope) {
    await this.projection.applyRestriction(event.payload as AccountRestrictedEvent);
  }
}
