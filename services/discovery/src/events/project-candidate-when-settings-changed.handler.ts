import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { CandidateProjection } from '../candidates/candidate-projection.js';

/** Applies a member's privacy settings to the deck: hidden, verified-only, age and distance shown or not. */
@Injectable()
export class ProjectCandidateWhenSettingsChangedHandler implements DomainEventHandler<typeof Events.profiles.settingsChanged> {
  readonly consumer = 'discovery.project-candidate-when-settings-changed';
  readonly subjects = [Events.profiles.settingsChanged];

  constructor(private readonly projection: CandidateProjection) {}

  async handle(event: DomainEvent<typeof Events.profiles.settingsChanged>) {
    await this.projection.applySettings(event.payload);
  }
}
