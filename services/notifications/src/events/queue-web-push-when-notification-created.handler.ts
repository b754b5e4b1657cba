import { Events, JobName, notificationToggle } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, JOB_QUEUE } from '@aero/common';
import type { JobQueue } from '@aero/ports';
import { Inject, Injectable } from '@nestjs/common';
import { PushSubscriptionRepository } from '../push/push-subscription.repository.js';
import type { WebPushJob } from '../push/send-web-push.job.js';

/**
 * A stored notification (its event, published once the notification committed) becomes a web
 * push job for a member who has a browser subscribed. The job decides and sends, with retries,
 * outside any transaction; a redelivered event finds its job id taken and queues nothing more.
 */
@Injectable()
export class QueueWebPushWhenNotificationCreatedHandler implements DomainEventHandler<typeof Events.notifications.notificationCreated> {
  readonly consumer = 'notifications.queue-web-push-when-notification-created';
  readonly subjects = [Events.notifications.notificationCreated];

  constructor(
    private readonly subscriptions: PushSubscriptionRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  async handle(event: DomainEvent<typeof Events.notifications.notificationCreated>) {
    const { userId, notification } = event.payload;
    if (!notificationToggle(notification.type) || !(await this.subscriptions.hasAny(userId))) return;
    await this.jobs.enqueue<WebPushJob>(JobName.SendWebPush, { userId, notification }, { jobId: notification.id, attempts: 5, backoffMs: 2000 });
  }
}
