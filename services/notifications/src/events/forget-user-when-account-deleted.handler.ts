import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { NotificationRepository } from '../notifications/notification.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PushSubscriptionRepository } from '../push/push-subscription.repository.js';

/**
 * A deleted account takes its notifications, what others were told about it (its likes, matches
 * and messages: its name and words), its name, its blocks and its push subscriptions with it;
 * a late event of theirs (heard by another consumer) brings none of it back.
 */
@Injectable()
export class ForgetUserWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'notifications.forget-user-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly directory: MemberDirectoryRepository,
    private readonly pushSubscriptions: PushSubscriptionRepository,
    private readonly service: NotificationsService,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    const { accountId } = event.payload;
    // a notification about them being made meanwhile is in before this, or sees them departed
    await this.directory.lockMembers([accountId], 'exclusive');
    await this.notifications.deleteForUser(accountId);
    await this.service.removeFrom(accountId);
    await this.directory.forget(accountId);
    await this.directory.depart(accountId);
    await this.pushSubscriptions.deleteForUser(accountId);
  }
}
