import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

/** A banned or suspended member: what others were told about them (likes, matches, messages) disappears. */
@Injectable()
export class ForgetMemberWhenAccountRestrictedHandler implements DomainEventHandler<typeof Events.identity.accountRestricted> {
  readonly consumer = 'notifications.forget-member-when-account-restricted';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.identity.accountRestricted>) {
    await this.notifications.removeFrom(event.payload.accountId);
  }
}
