import { type AccountDeletedEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/messaging';
import { Injectable } from '@nestjs/common';
import { NotificationRepository } from '../notifications/notification.repository.js';

@Injectable()
export class ForgetUserWhenAccountDeletedHandler implements DomainEventHandler {
  readonly consumer = 'notifications.forget-user-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(private readonly notifications: NotificationRepository) {}

  async handle(event: EventEnvelope) {
    await this.notifications.deleteForUser((event.payload as AccountDeletedEvent).accountId);
  }
}
