import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';

/**
 * A banned or suspended member: what others were told about them (likes, matches, messages)
 * disappears. A ban is final, so the banned member left: a late event of theirs (heard by another
 * consumer) stores nothing; a suspension ends by itself, so later events are stored as before.
 */
@Injectable()
export class ForgetMemberWhenAccountRestrictedHandler implements DomainEventHandler<typeof Events.identity.accountRestricted> {
  readonly consumer = 'notifications.forget-member-when-account-restricted';
  readonly subjects = [Events.identity.accountRestricted];

  constructor(
    private readonly notifications: NotificationsService,
    private readonly directory: MemberDirectoryRepository,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountRestricted>) {
    const { accountId, restriction } = event.payload;
    // a notification about them being made meanwhile is in before this (and removed), or sees them departed
    await this.directory.lockMembers([accountId], 'exclusive');
    if (restriction.kind === 'banned') await this.directory.depart(accountId);
    await this.notifications.removeFrom(accountId);
  }
}
