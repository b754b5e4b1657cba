import { Events, MemberNotifications, UNKNOWN_MEMBER } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';

export const matchText = (otherFirstName: string | null) => MemberNotifications.match(otherFirstName || UNKNOWN_MEMBER.match);

/**
 * Both members of a new match hear of it, each with the other's name. It is news only to the one
 * whose like was answered: the one whose like made it saw 'It's a Match!' in its answer, and one who
 * already wrote into it, read it or opened its empty conversation knows of it; theirs is stored
 * read, and quietly (no alert, no push). The likes that led to it are read now ("Ben liked you"
 * asks for a swipe that happened).
 */
@Injectable()
export class NotifyMembersWhenMatchedHandler implements DomainEventHandler<typeof Events.discovery.matchCreated> {
  readonly consumer = 'notifications.notify-members-when-matched';
  readonly subjects = [Events.discovery.matchCreated];

  constructor(
    private readonly notifications: NotificationsService,
    private readonly directory: MemberDirectoryRepository,
  ) {}

  /** every pair's lock of a batch, in one statement (see DomainEventHandler.lockMany): handled one by one in a transaction, two batches would take them in their events' orders */
  lockMany(events: DomainEvent<typeof Events.discovery.matchCreated>[]) {
    return this.notifications.lockPairs(events.map((event) => event.payload.userIds));
  }

  async handle(event: DomainEvent<typeof Events.discovery.matchCreated>) {
    const { matchId, userIds, firstNames, madeBy } = event.payload;
    // after a like of the pair handled at the same time, or before it: see NotifyMemberWhenLikedHandler
    await this.notifications.lockPairs([userIds]);
    const members = [userIds, [userIds[1], userIds[0]]] as const;
    // a member who wrote into the match, or read the other's messages in it, before it was heard here
    // (its event and the messages' come by different ways) knows of it too
    const known = await this.notifications.knowOfMatch(matchId, members);
    // and one who opened its empty conversation (NotifyRecipientWhenMessageSentHandler kept it)
    const opened = await this.directory.takeOpenings(matchId);
    for (const [i, [me, other]] of members.entries()) {
      const told = me === madeBy || known[i] || opened.has(me);
      await this.notifications.create({ userId: me, type: 'match', ...matchText(firstNames[other] ?? null), data: { matchId, fromUserId: other }, ...(told ? { read: true, quiet: true } : {}) });
    }
    await this.notifications.markLikesOfMatchRead(userIds);
  }
}
