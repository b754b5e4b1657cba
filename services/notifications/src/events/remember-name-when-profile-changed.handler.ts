import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';

type Handled = typeof Events.profiles.profileCreated | typeof Events.profiles.profileUpdated;

/** Members' first names, newest revision wins: notifications name the other person. */
@Injectable()
export class RememberNameWhenProfileChangedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'notifications.remember-name-when-profile-changed';
  readonly subjects = [Events.profiles.profileCreated, Events.profiles.profileUpdated];

  constructor(private readonly directory: MemberDirectoryRepository) {}

  async handle(event: DomainEvent<Handled>) {
    const { userId, revision, profile } = event.payload;
    if (profile.firstName) await this.directory.saveName(userId, profile.firstName, revision);
  }
}
