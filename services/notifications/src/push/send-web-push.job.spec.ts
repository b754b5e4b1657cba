import type { Presence, RpcClient } from '@aero/common';
import type { NotificationView } from '@aero/contracts';
import type { NotificationRepository } from '../notifications/notification.repository.js';
import type { PushServiceAdapter } from './push-service.adapter.js';
import type { PushSubscriptionRecord, PushSubscriptionRepository } from './push-subscription.repository.js';
import { SendWebPushJob } from './send-web-push.job.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const notification = { id: '6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d12', type: 'like', title: 'Pat liked you', message: 'Swipe right on Pat to match.', read: false, data: {}, createdAt: new Date().toISOString() } as unknown as NotificationView;
const subscription = (endpoint: string): PushSubscriptionRecord => ({ endpoint, userId, p256dh: 'key', auth: 'auth' });

/** the job with every collaborator standing in: an offline member with likes on, whose notification is stored */
function jobWith(stored: PushSubscriptionRecord[], pushAnyEndpoint: boolean) {
  const sent: string[] = [];
  const removed: string[] = [];
  const subscriptions = { listForUser: async () => stored, removeExpired: async (endpoint: string) => void removed.push(endpoint) } as unknown as PushSubscriptionRepository;
  const presence = { isOnline: async () => false } as unknown as Presence;
  const push = { send: async (target: PushSubscriptionRecord) => (sent.push(target.endpoint), 'sent') } as unknown as PushServiceAdapter;
  const notifications = { exists: async () => true } as unknown as NotificationRepository;
  const rpc = { send: async () => ({ notifications: { likes: true } }) } as unknown as RpcClient;
  return { job: new SendWebPushJob(subscriptions, presence, push, notifications, rpc, { pushAnyEndpoint }), sent, removed };
}

describe('SendWebPushJob and the endpoint policy', () => {
  it('never posts to an endpoint stored under an older, looser rule, and removes it', async () => {
    const { job, sent, removed } = jobWith([subscription('https://fcm.googleapis.com/fcm/send/abc'), subscription('https://push.internal.example/hook'), subscription('http://10.0.0.7:8080/admin')], false);
    await job.run({ userId, notification });
    expect(sent).toEqual(['https://fcm.googleapis.com/fcm/send/abc']);
    expect(removed).toEqual(['https://push.internal.example/hook', 'http://10.0.0.7:8080/admin']);
  });

  it('with PUSH_ANY_ENDPOINT posts to a local push service (the tests’ stand-in)', async () => {
    const { job, sent, removed } = jobWith([subscription('http://127.0.0.1:4567/push/1')], true);
    await job.run({ userId, notification });
    expect(sent).toEqual(['http://127.0.0.1:4567/push/1']);
    expect(removed).toEqual([]);
  });
});
