import { Events, OtherNotifications } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

/** The first entry of a new member's Activity list, pushed live to their open sessions. */
@Injectable()
export class WelcomeUserWhenAccountTypeSetHandler implements DomainEventHandler<typeof Events.identity.accountTypeSet> {
  readonly consumer = 'notifications.welcome-user-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.identity.accountTypeSet>) {
    const { accountId, userType, demo } = event.payload;
    if (demo) return;
    const welcome = userType === 'airline' ? OtherNotifications.welcomeAirline : OtherNotifications.welcomeGeneral;
    await this.notifications.create({ userId: accountId, type: 'other', ...welcome });
  }
}
