import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExpiredPushSubscriptionsSweeper } from '../src/push/expired-push-subscriptions.sweeper.js';
import { PushSubscriptionRepository } from '../src/push/push-subscription.repository.js';
import { notificationsServiceForTests } from './support/notifications-service.js';

/**
 * Push subscriptions that outlived the session that saved them (on real PostgreSQL): never listed
 * for a send, and forgotten by the hourly sweep, while those of live sessions stay.
 */
describe('push subscriptions of sessions that expired unused', () => {
  const app = notificationsServiceForTests('push-subscriptions');

  const endpoints = async () =>
    (await app().get(DataSource).query<{ endpoint: string }[]>('SELECT endpoint FROM notifications.push_subscriptions ORDER BY endpoint')).map((r) => r.endpoint);

  it('lists only live ones for a send, and the sweep forgets the others', async () => {
    const subscriptions = app().get(PushSubscriptionRepository);
    const userId = randomUUID();
    const save = (name: string, expiresInMs: number) =>
      subscriptions.save({ userId, endpoint: `https://push.example/${name}`, p256dh: 'p', auth: 'a', sessionTag: 'AAAAAAAAAAAAAAAAAAAAAA', expiresAt: new Date(Date.now() + expiresInMs) });
    await save('expired', -1000);
    expect(await subscriptions.hasAny(userId)).toBe(false);
    await save('live', 3600_000);
    expect((await subscriptions.listForUser(userId)).map((s) => s.endpoint)).toEqual(['https://push.example/live']);
    expect(await subscriptions.hasAny(userId)).toBe(true);

    await (app().get(ExpiredPushSubscriptionsSweeper) as unknown as { run(): Promise<unknown> }).run();
    expect(await endpoints()).toEqual(['https://push.example/live']);
  });
});
