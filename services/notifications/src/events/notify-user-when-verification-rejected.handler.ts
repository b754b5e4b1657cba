import { Events, OtherNotifications } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

@Injectable()
export class NotifyUserWhenVerificationRejectedHandler implements DomainEventHandler<typeof Events.profiles.verificationRejected> {
  readonly consumer = 'notifications.notify-user-when-verification-rejected';
  readonly subjects = [Events.profiles.verificationRejected];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.profiles.verificationRejected>) {
    const { userId } = event.payload;
    await this.notifications.create({ userId, type: 'other', ...OtherNotifications.verificationRejected });
  }
}
