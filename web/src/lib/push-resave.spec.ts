import { jest } from '@jest/globals';
import { keepPushSubscriptionSaved, PUSH_RESAVE_AFTER_MS, resavePushSubscription } from './push-resave';

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

describe('keepPushSubscriptionSaved', () => {
  const saved = { window: globalThis.window, Notification: globalThis.Notification, navigator: globalThis.navigator, document: globalThis.document };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  });

  /** a page that can be hidden and shown again */
  function page() {
    const events = new EventTarget();
    const doc = Object.assign(events, { visibilityState: 'visible' as DocumentVisibilityState });
    Object.defineProperty(globalThis, 'document', { value: doc, configurable: true, writable: true });
    return {
      show(visibilityState: DocumentVisibilityState) {
        doc.visibilityState = visibilityState;
        doc.dispatchEvent(new Event('visibilitychange'));
      },
    };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('saves at once, and again when the app is shown after a long while, not on every glance', async () => {
    browser('granted', true);
    const app = page();
    let now = 1_000_000;
    const save = jest.fn(async (_s: PushSubscriptionJSON) => ({ success: true }));
    const stop = keepPushSubscriptionSaved(save, () => now);
    await settled();
    expect(save).toHaveBeenCalledTimes(1);

    now += PUSH_RESAVE_AFTER_MS - 1;
    app.show('hidden');
    app.show('visible');
    await settled();
    expect(save).toHaveBeenCalledTimes(1);

    now += 1;
    app.show('hidden');
    await settled();
    expect(save).toHaveBeenCalledTimes(1);
    app.show('visible');
    await settled();
    expect(save).toHaveBeenCalledTimes(2);

    stop();
    now += 2 * PUSH_RESAVE_AFTER_MS;
    app.show('visible');
    await settled();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves again while the app stays in sight, and not while it is hidden', async () => {
    jest.useFakeTimers();
    try {
      browser('granted', true);
      const app = page();
      const save = jest.fn(async (_s: PushSubscriptionJSON) => ({ success: true }));
      const stop = keepPushSubscriptionSaved(save);
      await jest.advanceTimersByTimeAsync(0);
      expect(save).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(PUSH_RESAVE_AFTER_MS);
      expect(save).toHaveBeenCalledTimes(2);
      app.show('hidden');
      await jest.advanceTimersByTimeAsync(3 * PUSH_RESAVE_AFTER_MS);
      expect(save).toHaveBeenCalledTimes(2);
      stop();
      app.show('visible');
      await jest.advanceTimersByTimeAsync(3 * PUSH_RESAVE_AFTER_MS);
      expect(save).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tries a failed save again the next time the app is shown', async () => {
    browser('granted', true);
    const app = page();
    const save = jest.fn(async (_s: PushSubscriptionJSON): Promise<unknown> => {
      throw new Error('offline');
    });
    const stop = keepPushSubscriptionSaved(save, () => 5);
    await settled();
    app.show('visible');
    await settled();
    expect(save).toHaveBeenCalledTimes(2);
    stop();
  });
});
