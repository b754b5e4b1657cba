import { Events, OtherNotifications } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

@Injectable()
export class WarnMemberWhenModeratorWarnedHandler implements DomainEventHandler<typeof Events.identity.memberWarned> {
  readonly consumer = 'notifications.warn-member-when-moderator-warned';
  readonly subjects = [Events.identity.memberWarned];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.identity.memberWarned>) {
    const { userId } = event.payload;
    await this.notifications.create({ userId, type: 'other', ...OtherNotifications.moderatorWarning });
  }
}
