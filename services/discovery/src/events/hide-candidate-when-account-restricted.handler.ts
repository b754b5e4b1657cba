import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';

/** A banned or suspended member leaves every deck, match list and who viewed me (until a suspension ends). */
@Injectable()
export class HideCandidateWhenAccountRestrictedHandler implements DomainEventHandler<typeof Events.identity.accountRestricted> {
  readonly consumer = 'discovery.hide-candidate-when-account-restricted';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(private readonly projection: CandidateProjection) {}

  async handle(event: DomainEvent<typeof Events.identity.accountRestricted>) {
    await this.projection.applyRestriction(event.payload);
  }
}
