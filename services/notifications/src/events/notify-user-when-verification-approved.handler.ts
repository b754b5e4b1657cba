import { Events, OtherNotifications } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

@Injectable()
export class NotifyUserWhenVerificationApprovedHandler implements DomainEventHandler<typeof Events.profiles.verificationApproved> {
  readonly consumer = 'notifications.notify-user-when-verification-approved';
  readonly subjects = [Events.profiles.verificationApproved];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.profiles.verificationApproved>) {
    const { userId } = event.payload;
    await this.notifications.create({ userId, type: 'other', ...OtherNotifications.verificationApproved });
  }
}
