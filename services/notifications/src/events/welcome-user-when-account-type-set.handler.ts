import { Events, OtherNotifications } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';

/**
 * The first entry of a new member's Activity list, pushed live to their open sessions: once an
 * account. A type changed before the profile is complete (back to /welcome, the other choice)
 * welcomes no one again: the one welcome takes the new type's text, quietly; an older or repeated
 * event changes nothing.
 */
@Injectable()
export class WelcomeUserWhenAccountTypeSetHandler implements DomainEventHandler<typeof Events.identity.accountTypeSet> {
  readonly consumer = 'notifications.welcome-user-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet];

  constructor(
    private readonly notifications: NotificationsService,
    private readonly directory: MemberDirectoryRepository,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountTypeSet>) {
    const { accountId, userType, demo, revision } = event.payload;
    if (demo) return;
    const welcome = userType === 'airline' ? OtherNotifications.welcomeAirline : OtherNotifications.welcomeGeneral;
    const welcomed = await this.directory.welcome(accountId, revision);
    if (welcomed === 'first') {
      const stored = await this.notifications.create({ userId: accountId, type: 'other', ...welcome });
      if (stored) await this.directory.welcomed(accountId, stored.id);
    } else if (welcomed?.notificationId) {
      await this.notifications.rewrite(accountId, welcomed.notificationId, welcome);
    }
  }
}
