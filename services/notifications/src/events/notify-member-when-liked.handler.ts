import { Events, MemberNotifications, ServerLimits, UNKNOWN_MEMBER } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, withRequestId } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { type NewNotification, NotificationsService } from '../notifications/notifications.service.js';

export const likeText = (firstName: string | null, isSuper: boolean) => MemberNotifications[isSuper ? 'super_like' : 'like'](firstName || UNKNOWN_MEMBER.like);

type Handled = typeof Events.discovery.likeCreated | typeof Events.discovery.likeWithdrawn | typeof Events.discovery.likeDeclined;
type Like = DomainEvent<typeof Events.discovery.likeCreated>;

/**
 * The liked member hears of a like (or super like); never the one who liked. A like taken back
 * (undo), or answered with a pass, takes its notification with it: one consumer for all three, so
 * a like's withdrawal usually comes after the like; the withdrawal is also kept (withdrawn_likes),
 * so a like delivered again after it (a retry, a replayed dead letter) tells nothing if it was made
 * before. A like made
 * again soon after its withdrawal (`ServerLimits.likeAlertWindowHours`) is stored quietly: a like and
 * undo loop alerts its member once, not at every like.
 */
@Injectable()
export class NotifyMemberWhenLikedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'notifications.notify-member-when-liked';
  readonly subjects = [Events.discovery.likeCreated, Events.discovery.likeWithdrawn, Events.discovery.likeDeclined];

  constructor(
    private readonly notifications: NotificationsService,
    private readonly directory: MemberDirectoryRepository,
  ) {}

  async handle(event: DomainEvent<Handled>) {
    if (event.payload.fromUserId === event.payload.toUserId) return;
    await this.notifications.lockPairs([pairOf(event)]);
    if (event.subject === Events.discovery.likeCreated) await this.notify([event]);
    else await this.withdraw(event);
  }

  /** every pair's lock of a batch, in one statement (see DomainEventHandler.lockMany) */
  lockMany(events: DomainEvent<Handled>[]) {
    return this.notifications.lockPairs(events.filter((event) => event.payload.fromUserId !== event.payload.toUserId).map(pairOf));
  }

  /** the likes of a batch (the hottest consumer) in a few statements, each withdrawal in its place: as `handle` for each */
  async handleMany(events: DomainEvent<Handled>[]) {
    const handled = events.filter((event) => event.payload.fromUserId !== event.payload.toUserId);
    // every pair's lock the batch needs, in one sorted statement, before any row is touched: taken
    // step by step (a withdrawal's rows, then the likes after it), two transactions could each hold
    // what the other waits for
    await this.notifications.lockPairs(handled.map(pairOf));
    let likes: Like[] = [];
    const notify = async () => {
      await this.notify(likes);
      likes = [];
    };
    for (const event of handled) {
      if (event.subject === Events.discovery.likeCreated) likes.push(event);
      else {
        await notify();
        await withRequestId(event.requestId, () => this.withdraw(event));
      }
    }
    await notify();
  }

  /** a like taken back (undo) or answered with a pass, under its pair's lock: kept, and its notification removed */
  private async withdraw({ payload: { fromUserId, toUserId }, occurredAt }: DomainEvent<Handled>) {
    await this.directory.withdrawLike(toUserId, fromUserId, occurredAt);
    await this.notifications.removeLike(toUserId, fromUserId);
  }

  /**
   * the likes not taken back since they were made; quietly those made again soon after a
   * withdrawal; read (and quietly) those of a pair already told of their match (the like's event
   * came after the match's: the match says it all); none of a pair whose match ended already (its
   * end, heard first, took the match's notification and the likes: one must not call for a swipe
   * on someone who unmatched, nor alert); under the pairs' locks
   */
  private async notify(likes: Like[]) {
    const pairs = likes.map(pairOf);
    const [told, ended] = [await this.notifications.toldOfMatch(pairs), await this.directory.endedPairs(pairs)];
    const withdrawals = await this.directory.withdrawals(
      likes.map(({ payload, occurredAt }) => ({ userId: payload.toUserId, fromUserId: payload.fromUserId, at: occurredAt })),
      ServerLimits.likeAlertWindowHours,
    );
    const standing = likes.flatMap((e, i) =>
      withdrawals[i] === 'later' || ended[i]
        ? []
        : [{ ...likeNotification(e, told[i]!), requestId: e.requestId, quiet: withdrawals[i] === 'recently' || told[i], ...(told[i] ? { read: true } : {}) }],
    );
    if (standing.length) await this.notifications.createMany(standing);
  }
}

/** the pair whose lock orders a like's notification (NotificationRepository.lockPairs) */
const pairOf = ({ payload }: DomainEvent<Handled>) => [payload.toUserId, payload.fromUserId] as const;

const likeNotification = ({ payload: { fromUserId, toUserId, isSuper, fromFirstName } }: Like, matched: boolean): NewNotification => ({
  userId: toUserId,
  type: isSuper ? 'super_like' : 'like',
  ...likeText(fromFirstName, isSuper),
  data: matched ? { fromUserId, matched: 'true' } : { fromUserId },
});
