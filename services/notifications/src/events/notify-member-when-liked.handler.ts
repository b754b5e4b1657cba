import { Events } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, withRequestId } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { type NewNotification, NotificationsService } from '../notifications/notifications.service.js';

export const likeText = (firstName: string | null, isSuper: boolean) => {
  const who = firstName || 'Someone';
  return isSuper
    ? { title: `${who} super liked you`, message: `${who} really wants to meet you. Swipe right to match.` }
    : { title: `${who} liked you`, message: `Swipe right on ${who} to match.` };
};

type Handled = typeof Events.discovery.likeCreated | typeof Events.discovery.likeWithdrawn;
type Like = DomainEvent<typeof Events.discovery.likeCreated>;

/**
 * The liked member hears of a like (or super like); never the one who liked. A like taken back
 * (undo) takes its notification with it: one consumer for both, so a like's withdrawal comes
 * after the like, in the stream's order.
 */
@Injectable()
export class NotifyMemberWhenLikedHandler implements DomainEventHandler<Handled> {
  readonly consumer = 'notifications.notify-member-when-liked';
  readonly subjects = [Events.discovery.likeCreated, Events.discovery.likeWithdrawn];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<Handled>) {
    const { fromUserId, toUserId } = event.payload;
    if (fromUserId === toUserId) return;
    if (event.subject === Events.discovery.likeWithdrawn) return this.notifications.removeLike(toUserId, fromUserId);
    await this.notifications.create(likeNotification(event));
  }

  /** the likes of a batch (the hottest consumer) in a few statements, each withdrawal in its place: as `handle` for each */
  async handleMany(events: DomainEvent<Handled>[]) {
    let likes: Like[] = [];
    const notify = async () => {
      if (likes.length) await this.notifications.createMany(likes.map((e) => ({ ...likeNotification(e), requestId: e.requestId })));
      likes = [];
    };
    for (const event of events) {
      if (event.payload.fromUserId === event.payload.toUserId) continue;
      if (event.subject === Events.discovery.likeCreated) likes.push(event);
      else {
        await notify();
        await withRequestId(event.requestId, () => this.handle(event));
      }
    }
    await notify();
  }
}

const likeNotification = ({ payload: { fromUserId, toUserId, isSuper, fromFirstName } }: Like): NewNotification => ({
  userId: toUserId,
  type: isSuper ? 'super_like' : 'like',
  ...likeText(fromFirstName, isSuper),
  data: { fromUserId },
});
