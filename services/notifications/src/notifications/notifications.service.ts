import { Events, type ListNotificationsRequest, type MarkNotificationReadRequest, notFound, type NotificationType, type NotificationView } from '@aero/contracts';
import { DomainEvents } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { toNotificationView } from './notification.mapper.js';
import { NotificationRepository } from './notification.repository.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, string>;
}

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly events: DomainEvents,
  ) {}

  async list({ userId }: ListNotificationsRequest): Promise<NotificationView[]> {
    return (await this.notifications.listForUser(userId)).map(toNotificationView);
  }

  async markRead({ userId, notificationId }: MarkNotificationReadRequest): Promise<{ read: true }> {
    if (!(await this.notifications.markRead(userId, notificationId))) throw notFound('Notification not found', 'notification_not_found');
    return { read: true };
  }

  /** Stores a notification and, in the same transaction, the event the gateway pushes to the user. */
  async create(input: NewNotification): Promise<NotificationView> {
    const saved = await this.notifications.insert({ id: randomUUID(), data: {}, ...input });
    const view = toNotificationView(saved);
    await this.events.emit(Events.notifications.notificationCreated, { userId: input.userId, notification: view });
    return view;
  }
}
