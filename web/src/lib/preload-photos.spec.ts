import { firstScreenRendered, firstScreenSettled } from './first-screen';
import { preloadPhotos } from './preload-photos';

/** what `new Image()` made: the URL it fetches, with which priority */
class FakeImage extends EventTarget {
  static made: FakeImage[] = [];
  decoding = '';
  fetchPriority = '';
  src = '';
  constructor() {
    super();
    FakeImage.made.push(this);
  }
}

const fetched = () => FakeImage.made.map((img) => `${img.src} ${img.fetchPriority}`);
/** the first screen settles (nothing loading on it), then what waited for it runs */
const settle = async () => {
  firstScreenRendered();
  await firstScreenSettled();
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('preloadPhotos', () => {
  // a page without images on it, and no requestIdleCallback (whenIdle then waits a timer)
  beforeAll(() => Object.assign(globalThis, { Image: FakeImage, window: globalThis, document: { images: [] } }));
  afterAll(() => ['Image', 'window', 'document'].forEach((key) => Reflect.deleteProperty(globalThis, key)));
  beforeEach(() => (FakeImage.made = []));

  it('fetches the first photo alone, with high priority, and the others once it has loaded and the first screen has settled', async () => {
    preloadPhotos(['/p/a1', '/p/a2', '/p/b1']);
    expect(fetched()).toEqual(['/p/a1 high']);
    FakeImage.made[0].dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(fetched()).toEqual(['/p/a1 high']);
    await settle();
    expect(fetched()).toEqual(['/p/a1 high', '/p/a2 low', '/p/b1 low']);
  });

  it('fetches the others when the first fails too', async () => {
    preloadPhotos(['/p/c1', '/p/d1']);
    FakeImage.made[0].dispatchEvent(new Event('error'));
    await settle();
    expect(fetched()).toEqual(['/p/c1 high', '/p/d1 low']);
  });

  it('fetches each photo once per page load; when the first is already fetched the new ones go at once, with low priority', async () => {
    preloadPhotos(['/p/e1', '/p/e2']);
    FakeImage.made[0].dispatchEvent(new Event('load'));
    await settle();
    FakeImage.made = [];
    preloadPhotos(['/p/e1', '/p/e2', '/p/f1', '/p/g1']);
    expect(fetched()).toEqual(['/p/f1 low', '/p/g1 low']);
    preloadPhotos(['/p/f1', '/p/g1']);
    expect(fetched()).toEqual(['/p/f1 low', '/p/g1 low']);
  });
});
