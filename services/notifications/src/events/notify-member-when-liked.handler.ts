import { Events } from '@aero/contracts';
import type { DomainEvent, DomainEventHandler } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service.js';

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
    const { fromUserId, toUserId, isSuper, fromFirstName } = event.payload;
    if (fromUserId === toUserId) return;
    await this.notifications.create({ userId: toUserId, type: isSuper ? 'super_like' : 'like', ...likeText(fromFirstName, isSuper), data: { fromUserId } });
  }
}
