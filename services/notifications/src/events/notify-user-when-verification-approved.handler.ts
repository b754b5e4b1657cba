import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

export const verificationApprovedText = {
  title: 'Verification approved',
  message: 'Your employment is verified. Your profile now shows the verified badge.',
} as const;

@Injectable()
export class NotifyUserWhenVerificationApprovedHandler implements DomainEventHandler<typeof Events.profiles.verificationApproved> {
  readonly consumer = 'notifications.notify-user-when-verification-approved';
  readonly subjects = [Events.profiles.verificationApproved];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.profiles.verificationApproved>) {
    const { userId } = event.payload;
    await this.notifications.create({ userId, type: 'other', ...verificationApprovedText });
  }
}
