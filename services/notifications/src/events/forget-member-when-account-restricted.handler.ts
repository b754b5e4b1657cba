import { type AccountRestrictedEvent, Events } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
import { Injectable } from '@nestjs/common';
import { NotificationRepository } from '../notifications/notification.repository.js';

/** A banned or suspended member: what others were told about them (likes, matches, messages) disappears. */
@Injectable()
export class ForgetMemberWhenAccountRestrictedHandler implements DomainEventHandler {
  readonly consumer = 'notifications.forget-member-when-account-restricted';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(private readonly notifications: NotificationRepository) {}

  async handle(event: EventEnvelope) {
    await this.notifications.deleteFrom((event.payload as AccountRestrictedEvent).accountId);
  }
}
