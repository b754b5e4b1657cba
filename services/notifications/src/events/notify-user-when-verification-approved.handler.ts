import { Events, type VerificationReviewedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

export const verificationApprovedText = {
  title: 'Verification approved',
  message: 'Your employment is verified. Your profile now shows the verified badge.',
} as const;

@Injectable()
export class NotifyUserWhenVerificationApprovedHandler implements DomainEventHandler {
  readonly consumer = 'notifications.notify-user-when-verification-approved';
  readonly subjects = [Events.profiles.verificationApproved];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: EventEnvelope) {
    const { userId } = event.payload as VerificationReviewedEvent;
    await this.notifications.create({ userId, type: 'other', ...verificationApprovedText });
  }
}
