import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';

/**
 * A match that ended (unmatch or block) takes what each of the pair was told about it with it:
 * "It's a match!", the messages of its conversation and the likes that led to it ("Ben liked
 * you" leads to a deck where neither meets the other again), which lead nowhere now. The end is
 * kept (ended_matches), so a match or message of it heard later tells nothing. What a block
 * removes besides is ForgetPairWhenMemberBlockedHandler's; a deleted account's matches are
 * ForgetUserWhenAccountDeletedHandler's (keeping their end would keep a row naming the account).
 */
@Injectable()
export class ForgetMatchWhenMatchEndedHandler implements DomainEventHandler<typeof Events.discovery.matchEnded> {
  readonly consumer = 'notifications.forget-match-when-match-ended';
  readonly subjects = [Events.discovery.matchEnded];

  constructor(
    private readonly directory: MemberDirectoryRepository,
    private readonly notifications: NotificationsService,
  ) {}

  /** every pair's lock of a batch, in one statement (see DomainEventHandler.lockMany): handled one by one in a transaction, two batches would take them in their events' orders */
  lockMany(events: DomainEvent<typeof Events.discovery.matchEnded>[]) {
    return this.notifications.lockPairs(events.filter((event) => event.payload.reason !== 'account_deleted').map((event) => event.payload.userIds));
  }

  async handle(event: DomainEvent<typeof Events.discovery.matchEnded>) {
    const { matchId, userIds, reason } = event.payload;
    if (reason === 'account_deleted') return;
    // the pair's lock NotifyMembersWhenMatchedHandler holds: a match heard at the same time sees the end once it is kept, or is removed by it
    await this.notifications.lockPairs([userIds]);
    await this.directory.endMatch(matchId, userIds);
    await this.notifications.removeOfMatch(matchId, userIds);
  }
}
