import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { type NewNotification, NotificationsService } from '../notifications/notifications.service.js';

export const likeText = (firstName: string | null, isSuper: boolean) => {
  const who = firstName || 'Someone';
  return isSuper
    ? { title: `${who} super liked you`, message: `${who} really wants to meet you. Swipe right to match.` }
    : { title: `${who} liked you`, message: `Swipe right on ${who} to match.` };
};

/** The liked member hears of a like (or super like); never the one who liked. */
@Injectable()
export class NotifyMemberWhenLikedHandler implements DomainEventHandler<typeof Events.discovery.likeCreated> {
  readonly consumer = 'notifications.notify-member-when-liked';
  readonly subjects = [Events.discovery.likeCreated];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent<typeof Events.discovery.likeCreated>) {
    if (event.payload.fromUserId === event.payload.toUserId) return;
    await this.notifications.create(likeNotification(event));
  }

  /** the likes of a batch (the hottest consumer) in a few statements: as `handle` for each */
  async handleMany(events: DomainEvent<typeof Events.discovery.likeCreated>[]) {
    const likes = events.filter((e) => e.payload.fromUserId !== e.payload.toUserId);
    if (likes.length) await this.notifications.createMany(likes.map((e) => ({ ...likeNotification(e), requestId: e.requestId })));
  }
}

const likeNotification = ({ payload: { fromUserId, toUserId, isSuper, fromFirstName } }: DomainEvent<typeof Events.discovery.likeCreated>): NewNotification => ({
  userId: toUserId,
  type: isSuper ? 'super_like' : 'like',
  ...likeText(fromFirstName, isSuper),
  data: { fromUserId },
});
