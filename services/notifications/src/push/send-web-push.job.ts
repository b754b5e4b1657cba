import { type JobHandler, Presence, RPC_CLIENT, type RpcClient, SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import { JobName, type NotificationView, notificationToggle, Rpc, webPushPayload } from '@aero/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotificationRepository } from '../notifications/notification.repository.js';
import { pushEndpointProblem } from './push-endpoint-policy.js';
import { type PushMessage, PushServiceAdapter } from './push-service.adapter.js';
import { type PushSubscriptionRecord, PushSubscriptionRepository } from './push-subscription.repository.js';

export interface WebPushJob {
  userId: string;
  notification: NotificationView;
}

/** a day: a push still undelivered by then (phone off) is stale */
const TTL_SECONDS = 24 * 3600;

/** what goes to the push service for a notification (pure); `discreet`: the member turned previews off */
export function webPushMessage(notification: NotificationView, { discreet = false } = {}): PushMessage {
  return {
    payload: JSON.stringify(webPushPayload(notification, { discreet })),
    ttlSeconds: TTL_SECONDS,
    urgency: notification.type === 'message' || notification.type === 'match' ? 'high' : 'normal',
    // a resend (a retried job) replaces the undelivered copy at the push service
    topic: notification.id.replace(/-/g, ''),
  };
}

/**
 * A stored notification as web push to each of the member's browsers (saying only that there is
 * something new when they turned previews off), only when its type's toggle is on in their
 * settings, they have no open socket (an open app got it live) and the notification is still
 * stored: a block, a ban, a deletion or an undo that removed it before the push went out (a retry
 * waiting out its backoff, a backlog of events) sends nothing. A subscription the push service
 * calls gone (404/410) is removed. Any other failure fails the job, which the queue retries;
 * browsers that already got it get it again under the same tag and topic, so it replaces rather
 * than doubles.
 */
@Injectable()
export class SendWebPushJob implements JobHandler<WebPushJob> {
  readonly job = JobName.SendWebPush;
  private readonly logger = new Logger('SendWebPushJob');

  constructor(
    private readonly subscriptions: PushSubscriptionRepository,
    private readonly presence: Presence,
    private readonly pushService: PushServiceAdapter,
    private readonly notifications: NotificationRepository,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'pushAnyEndpoint'>,
  ) {}

  async run({ userId, notification }: WebPushJob) {
    const toggle = notificationToggle(notification.type);
    if (!toggle) return;
    const targets = await this.allowed(await this.subscriptions.listForUser(userId));
    if (targets.length === 0) return;
    if (await this.presence.isOnline(userId)) return;
    const settings = await this.rpc.send(Rpc.profiles.getSettings, { userId });
    if (!settings.notifications[toggle]) return;
    // read last, just before sending: the job carries the payload it was queued with
    if (!(await this.notifications.exists(userId, notification.id))) return;

    const message = webPushMessage(notification, { discreet: settings.notifications.previews === false });
    const failures: unknown[] = [];
    for (const target of targets) {
      try {
        if ((await this.pushService.send(target, message)) === 'gone') await this.subscriptions.removeExpired(target.endpoint, target);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length) {
      this.logger.warn(`web push to ${failures.length} of ${targets.length} browser(s) failed: ${(failures[0] as Error).message}`);
      throw new AggregateError(failures, 'web push failed');
    }
  }

  /** the subscriptions the endpoint policy allows now; one stored under an older, looser rule is removed, never posted to */
  private async allowed(targets: PushSubscriptionRecord[]): Promise<PushSubscriptionRecord[]> {
    const allowed: PushSubscriptionRecord[] = [];
    for (const target of targets) {
      if (!pushEndpointProblem(target.endpoint, this.settings.pushAnyEndpoint)) allowed.push(target);
      else await this.subscriptions.removeExpired(target.endpoint, target);
    }
    return allowed;
  }
}
