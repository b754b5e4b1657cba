import { Events, type LikeCreatedEvent } from '@aero/contracts';
import type { DomainEventHandler } from '@aero/common';
import type { EventEnvelope } from '@aero/event-bus';
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
export class NotifyMemberWhenLikedHandler implements DomainEventHandler {
  readonly consumer = 'notifications.notify-member-when-liked';
  readonly subjects = [Events.discovery.likeCreated];

  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: EventEnvelope) {
    const { fromUserId, toUserId, isSuper, fromFirstName } = event.payload as LikeCreatedEvent;
    if (fromUserId === toUserId) return;
    await this.notifications.create({ userId: toUserId, type: isSuper ? 'super_like' : 'like', ...likeText(fromFirstName, isSuper), data: { fromUserId } });
  }
}
