import { Events, type ProfileChangedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';

/** Members' first names, newest revision wins: notifications name the other person. */
@Injectable()
export class RememberNameWhenProfileChangedHandler implements DomainEventHandler {
  readonly consumer = 'notifications.remember-name-when-profile-changed';
  readonly subjects = [Events.profiles.profileCreated, Events.profiles.profileUpdated];

  constructor(private readonly directory: MemberDirectoryRepository) {}

  async handle(event: EventEnvelope) {
    const { userId, revision, profile } = event.payload as ProfileChangedEvent;
    if (profile.firstName) await this.directory.saveName(userId, profile.firstName, revision);
  }
}
