import { Events, PRODUCT_NAME } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

export const welcomeText = (userType: string) =>
  userType === 'airline'
    ? 'Finish your profile and upload your employment document to get your verified badge.'
    : 'Finish your profile and start meeting aviation professionals.';

/** The first entry of a new member's Activity list, pushed live to their open sessions. */
@Injectable()
export class WelcomeUserWhenAccountTypeSetHandler implements DomainEventHandler<typeof Events.identity.accountTypeSet> {
  readonly consumer = 'notifications.welcome-user-when-account-type-set';
  readonly subjects = [Events.identity.accountTypeSet];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.identity.accountTypeSet>) {
    const { accountId, userType, demo } = event.payload;
    if (demo) return;
    await this.notifications.create(
      { userId: accountId, type: 'other', title: `Welcome to ${PRODUCT_NAME}`, message: welcomeText(userType) },
    );
  }
}
