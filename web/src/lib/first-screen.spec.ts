import { jest } from '@jest/globals';

/** an <img> of the page: loading until it fires load or error */
class FakeImg extends EventTarget {
  complete = false;
  finish(event: 'load' | 'error') {
    this.complete = true;
    this.dispatchEvent(new Event(event));
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('firstScreenSettled', () => {
  let images: FakeImg[];
  // each test a fresh module: the first screen settles once per page load
  const load = async () => {
    jest.resetModules();
    return import('./first-screen');
  };

  beforeEach(() => {
    jest.useFakeTimers();
    images = [];
    // no requestIdleCallback: whenIdle waits a timer
    Object.assign(globalThis, { window: globalThis, document: { get images() { return images; } } });
  });
  afterEach(() => {
    jest.useRealTimers();
    ['window', 'document'].forEach((key) => Reflect.deleteProperty(globalThis, key));
  });

  it('waits for the first render, then for the images on screen to load, then for the browser to be idle', async () => {
    const { firstScreenRendered, firstScreenSettled } = await load();
    let settled = false;
    void firstScreenSettled().then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false); // not rendered yet
    const photo = new FakeImg();
    const icon = new FakeImg();
    images.push(photo, icon);
    firstScreenRendered();
    await jest.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    photo.finish('load');
    await jest.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    icon.finish('error');
    await flush();
    expect(settled).toBe(false); // idle first
    await jest.advanceTimersByTimeAsync(5);
    expect(settled).toBe(true);
  });

  it('checks again for images that came meanwhile', async () => {
    const { firstScreenRendered, firstScreenSettled } = await load();
    let settled = false;
    const photo = new FakeImg();
    images.push(photo);
    firstScreenRendered();
    void firstScreenSettled().then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(10);
    const next = new FakeImg();
    images.push(next);
    photo.finish('load');
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    next.finish('load');
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
  });

  it('waits for what was held for it (a photo fetched ahead, not in the page yet), and holds nothing once settled', async () => {
    const { firstScreenRendered, firstScreenSettled, holdFirstScreen } = await load();
    let settled = false;
    let photoLoaded: () => void = () => undefined;
    holdFirstScreen(new Promise<void>((resolve) => (photoLoaded = resolve)));
    firstScreenRendered();
    void firstScreenSettled().then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    photoLoaded();
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
    holdFirstScreen(new Promise(() => undefined)); // after: changes nothing
    await expect(firstScreenSettled()).resolves.toBeUndefined();
  });

  it('settles FIRST_SCREEN_MAX_MS after the first render at the latest, with an image still loading', async () => {
    const { FIRST_SCREEN_MAX_MS, firstScreenRendered, firstScreenSettled } = await load();
    let settled = false;
    images.push(new FakeImg());
    firstScreenRendered();
    void firstScreenSettled().then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_MS - 10);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
    // and stops watching the page
    const later = new FakeImg();
    images.push(later);
    const watched = jest.spyOn(later, 'addEventListener');
    images[0].finish('load');
    await jest.advanceTimersByTimeAsync(100);
    expect(watched).not.toHaveBeenCalled();
  });
});
