import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

export const verificationRejectedText = {
  title: 'Verification rejected',
  message: 'We could not verify your document. You can upload a new one from Settings.',
} as const;

@Injectable()
export class NotifyUserWhenVerificationRejectedHandler implements DomainEventHandler<typeof Events.profiles.verificationRejected> {
  readonly consumer = 'notifications.notify-user-when-verification-rejected';
  readonly subjects = [Events.profiles.verificationRejected];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.profiles.verificationRejected>) {
    const { userId } = event.payload;
    await this.notifications.create({ userId, type: 'other', ...verificationRejectedText });
  }
}
