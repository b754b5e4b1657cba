import { Events } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, DomainEvents } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationRepository } from '../notifications/notification.repository.js';

/** A banned or suspended member: what others were told about them (likes, matches, messages) disappears. */
@Injectable()
export class ForgetMemberWhenAccountRestrictedHandler implements DomainEventHandler<typeof Events.identity.accountRestricted> {
  readonly consumer = 'notifications.forget-member-when-account-restricted';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly events: DomainEvents,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountRestricted>) {
    const userIds = await this.notifications.deleteFrom(event.payload.accountId);
    if (userIds.length) await this.events.emit(Events.notifications.notificationsRemoved, { userIds });
  }
}
