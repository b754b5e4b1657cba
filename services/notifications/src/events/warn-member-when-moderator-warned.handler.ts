import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

/** never says who reported, nor what: only that the guidelines apply */
export const moderatorWarningText = {
  title: 'A warning from our moderators',
  message: 'Members reported behaviour that breaks our community guidelines. Please keep every conversation respectful: a further report can lead to a suspension or a ban.',
} as const;

@Injectable()
export class WarnMemberWhenModeratorWarnedHandler implements DomainEventHandler<typeof Events.identity.memberWarned> {
  readonly consumer = 'notifications.warn-member-when-moderator-warned';
  readonly subjects = [Events.identity.memberWarned];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.identity.memberWarned>) {
    const { userId } = event.payload;
    await this.notifications.create({ userId, type: 'other', ...moderatorWarningText });
  }
}
