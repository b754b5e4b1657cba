import { Events, Limits, type ListNotificationsRequest, type MarkNotificationReadRequest, notFound, type NotificationType, type NotificationView } from '@aero/contracts';
import { DomainEvents } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MemberDirectoryRepository } from './member-directory.repository.js';
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
    private readonly directory: MemberDirectoryRepository,
    private readonly events: DomainEvents,
  ) {}

  /** the latest page, newest first; `before` (one of the user's own) pages further back */
  async list({ userId, before }: ListNotificationsRequest): Promise<NotificationView[]> {
    const page = await this.notifications.listForUser(userId, Limits.notificationsPageSize, before);
    if (!page) throw notFound('Notification not found', 'notification_not_found');
    return page.map(toNotificationView);
  }

  async unreadCount({ userId }: ListNotificationsRequest): Promise<{ count: number }> {
    return { count: await this.notifications.unreadCount(userId) };
  }

  async markRead({ userId, notificationId }: MarkNotificationReadRequest): Promise<{ read: true }> {
    if (!(await this.notifications.markRead(userId, notificationId))) throw notFound('Notification not found', 'notification_not_found');
    return { read: true };
  }

  /**
   * Stores a notification and, in the same transaction, the event the gateway pushes to the user;
   * nothing about a member the user blocked or was blocked by (null then).
   */
  async create(input: NewNotification): Promise<NotificationView | null> {
    const from = input.data?.fromUserId;
    if (from && (from === input.userId || (await this.directory.blocked(input.userId, from)))) return null;
    const saved = await this.notifications.insert({ id: randomUUID(), data: {}, ...input });
    const view = toNotificationView(saved);
    await this.events.emit(Events.notifications.notificationCreated, { userId: input.userId, notification: view });
    return view;
  }
}
