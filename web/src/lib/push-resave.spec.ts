import { jest } from '@jest/globals';
import { resavePushSubscription } from './push-resave';

const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };

/** a browser with push, this permission, and a subscription or none */
function browser(permission: NotificationPermission, subscribed: boolean) {
  const getSubscription = async () => (subscribed ? { toJSON: () => subscription } : null);
  Object.assign(globalThis, {
    window: { PushManager: class {}, Notification: class {} },
    Notification: { permission },
    navigator: { serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription } }) } },
  });
  Object.assign(globalThis.window, { PushManager: class {}, Notification: class {} });
}

describe('resavePushSubscription', () => {
  const saved = { window: globalThis.window, Notification: globalThis.Notification, navigator: globalThis.navigator };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  });

  it("saves the browser's subscription again for the session that signed in", async () => {
    browser('granted', true);
    const save = jest.fn(async (_s: PushSubscriptionJSON) => ({ success: true }));
    expect(await resavePushSubscription(save)).toBe(true);
    expect(save).toHaveBeenCalledWith(subscription);
  });

  it('asks nothing and subscribes nothing: no subscription, or no permission, saves nothing', async () => {
    const save = jest.fn(async (_s: PushSubscriptionJSON) => ({ success: true }));
    browser('granted', false);
    expect(await resavePushSubscription(save)).toBe(false);
    browser('default', true);
    expect(await resavePushSubscription(save)).toBe(false);
    expect(save).not.toHaveBeenCalled();
  });
});
