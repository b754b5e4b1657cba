import { Events, type VerificationReviewedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

export const verificationRejectedText = {
  title: 'Verification rejected',
  message: 'We could not verify your document. You can upload a new one from Settings.',
} as const;

@Injectable()
export class NotifyUserWhenVerificationRejectedHandler implements DomainEventHandler {
  readonly consumer = 'notifications.notify-user-when-verification-rejected';
  readonly subjects = [Events.profiles.verificationRejected];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: EventEnvelope) {
    const { userId } = event.payload as VerificationReviewedEvent;
    await this.notifications.create({ userId, type: 'other', ...verificationRejectedText });
  }
}
