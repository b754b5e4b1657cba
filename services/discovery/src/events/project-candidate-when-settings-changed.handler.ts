import { Events, type SettingsChangedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';

/** Applies a member's privacy settings to the deck: hidden, verified-only, age and distance shown or not. */
@Injectable()
export class ProjectCandidateWhenSettingsChangedHandler implements DomainEventHandler {
  readonly consumer = 'discovery.project-candidate-when-settings-changed';
  readonly subjects = [Events.profiles.settingsChanged];

  constructor(private readonly projection: CandidateProjection) {}

  async handle(event: EventEnvelope) {
    await this.projection.applySettings(event.payload as SettingsChangedEvent);
  }
}
