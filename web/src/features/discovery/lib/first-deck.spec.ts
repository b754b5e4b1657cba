import { jest } from '@jest/globals';
import { disposeTestStores, makeTestStore, memoryStorage, scriptServer, settled, type Answer, type Call } from '../../../lib/current-user/testing';
import { arrivedFirstDeck, FILTERED_KEY, FIRST_DECK_FRESH_SECONDS, prefetchFirstDeck, sendFirstDeckEarly, takeFirstDeck } from './first-deck';
import { NO_FILTERS, type DeckFilters } from './filters';
import { candidate } from './test-candidates';

const deck = ['a', 'b'].map((name, i) => candidate({ id: `00000000-0000-4000-8000-00000000001${i}`, firstName: name, photos: [`/p/${name}1`, `/p/${name}2`], mainPhoto: `/p/${name}1` }));
const pilots: DeckFilters = { ...NO_FILTERS, positions: ['Pilot'] };

/** the server: saved filters `saved` (or an error status), the deck for any filters */
const server = (saved: DeckFilters | number) =>
  scriptServer((call: Call): Answer => {
    if (call.path === '/api/users/filter-preferences/load') return typeof saved === 'number' ? { status: saved, body: { message: 'no' } } : { status: 200, body: saved };
    if (call.path.startsWith('/api/discovery')) return { status: 200, body: deck };
    return { status: 404, body: { message: 'not here' } };
  });

/** as the app starts on /swipe: the page's first script sends the calls early, the app then fetches the deck into the store */
const startFirstDeck = () => {
  sendFirstDeckEarly();
  return prefetchFirstDeck(makeTestStore().dispatch);
};

// photos are fetched with `new Image()`, which Node lacks: the sources asked for are recorded
const photos: string[] = [];
beforeAll(() => {
  (globalThis as { Image?: unknown }).Image = class extends EventTarget {
    decoding = '';
    set src(url: string) {
      photos.push(url);
    }
  };
});
afterAll(() => delete (globalThis as { Image?: unknown }).Image);

let local: ReturnType<typeof memoryStorage>;
beforeEach(() => (local = memoryStorage()));

afterEach(() => {
  local.restore();
  jest.useRealTimers();
  takeFirstDeck(NO_FILTERS); // nothing left over for the next test
  photos.length = 0;
  disposeTestStores();
});

describe('the first deck, asked for at start-up on the swipe screen', () => {
  it('asks for the saved filters and the deck for everyone together; with filters that narrow it, the deck with them, fetches its first photos, and is handed over once', async () => {
    const calls = server(pilots);
    await startFirstDeck();
    await settled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/filter-preferences/load', 'GET /api/discovery', 'GET /api/discovery/filtered']);
    // the top card's first photo (the others once it has loaded and the first screen has settled: preload-photos.spec)
    expect(photos).toEqual(['/p/a1']);
    await expect(takeFirstDeck(pilots)).resolves.toEqual(deck);
    // once: the next deck (a refill, a change of filters, a later visit) is asked for again
    expect(takeFirstDeck(pilots)).toBeNull();
    // this browser remembers that its member's filters narrow the deck
    expect(local.storage.get(FILTERED_KEY)).toBe('true');
  });

  it('with no filters saved, the deck asked for alongside them (before they answered) is the first deck: one call for it', async () => {
    // (photos are fetched once per page load: these cards have their own)
    const everyone = ['c', 'd'].map((name, i) => candidate({ id: `00000000-0000-4000-8000-00000000002${i}`, firstName: name, photos: [`/p/${name}1`], mainPhoto: `/p/${name}1` }));
    let answerFilters: (value: Answer) => void = () => undefined;
    const calls = scriptServer((call: Call): Answer | Promise<Answer> =>
      call.path === '/api/users/filter-preferences/load' ? new Promise<Answer>((resolve) => (answerFilters = resolve)) : { status: 200, body: everyone },
    );
    await startFirstDeck();
    await settled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/filter-preferences/load', 'GET /api/discovery']);
    expect(arrivedFirstDeck()).toBeNull(); // not before the filters say it is the one
    answerFilters({ status: 200, body: NO_FILTERS });
    await settled();
    expect(calls).toHaveLength(2);
    expect(photos).toEqual(['/p/c1']);
    expect(arrivedFirstDeck()).toEqual({ filters: NO_FILTERS, cards: everyone });
    await expect(takeFirstDeck(NO_FILTERS)).resolves.toEqual(everyone);
    expect(local.storage.get(FILTERED_KEY)).toBe('false');
  });

  it('for a member whose filters narrowed the deck last time, waits for them (no deck for everyone)', async () => {
    local.storage.set(FILTERED_KEY, 'true');
    const calls = server(pilots);
    await startFirstDeck();
    await settled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/filter-preferences/load', 'GET /api/discovery/filtered']);
    await expect(takeFirstDeck(pilots)).resolves.toEqual(deck);
  });

  it('for a member who removed their filters since, the deck for everyone after them', async () => {
    local.storage.set(FILTERED_KEY, 'true');
    const calls = server(NO_FILTERS);
    await startFirstDeck();
    await settled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/filter-preferences/load', 'GET /api/discovery']);
    await expect(takeFirstDeck(NO_FILTERS)).resolves.toEqual(deck);
    expect(local.storage.get(FILTERED_KEY)).toBe('false');
  });

  it('is not used when the screen starts with other filters', async () => {
    server(pilots);
    await startFirstDeck();
    await settled();
    expect(takeFirstDeck(NO_FILTERS)).toBeNull();
    expect(takeFirstDeck(pilots)).toBeNull();
  });

  it('is everyone when the saved filters cannot be loaded, as the screen does', async () => {
    local.storage.set(FILTERED_KEY, 'true');
    const calls = server(500);
    await startFirstDeck();
    await settled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/filter-preferences/load', 'GET /api/discovery']);
    await expect(takeFirstDeck(NO_FILTERS)).resolves.toEqual(deck);
    // nothing learnt about the member's filters
    expect(local.storage.get(FILTERED_KEY)).toBe('true');
  });

  it(`is stale after ${FIRST_DECK_FRESH_SECONDS} s`, async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'setTimeout'] });
    server(NO_FILTERS);
    await startFirstDeck();
    await settled();
    jest.setSystemTime(Date.now() + FIRST_DECK_FRESH_SECONDS * 1000 + 1);
    expect(takeFirstDeck(NO_FILTERS)).toBeNull();
  });

  it('is none before anything was asked for', () => {
    expect(takeFirstDeck(NO_FILTERS)).toBeNull();
    expect(arrivedFirstDeck()).toBeNull();
  });

  it('once arrived, is read with its filters (the screen shows it in its first render) until taken', async () => {
    server(pilots);
    await startFirstDeck();
    await settled();
    // a read only: a render that is thrown away and run again reads it again
    expect(arrivedFirstDeck()).toEqual({ filters: pilots, cards: deck });
    expect(arrivedFirstDeck()).toEqual({ filters: pilots, cards: deck });
    // the screen on screen takes it: a later visit asks again
    await expect(takeFirstDeck(pilots)).resolves.toEqual(deck);
    expect(arrivedFirstDeck()).toBeNull();
  });

  it('is not handed over as arrived while on its way (the screen waits for it through takeFirstDeck)', async () => {
    let answer: (value: Answer) => void = () => undefined;
    scriptServer((call: Call): Answer | Promise<Answer> =>
      call.path === '/api/users/filter-preferences/load' ? { status: 200, body: pilots } : new Promise<Answer>((resolve) => (answer = resolve)),
    );
    await startFirstDeck();
    await settled();
    expect(arrivedFirstDeck()).toBeNull();
    const cards = takeFirstDeck(pilots);
    answer({ status: 200, body: deck });
    await expect(cards).resolves.toEqual(deck);
  });

  it(`is not handed over as arrived after ${FIRST_DECK_FRESH_SECONDS} s`, async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'setTimeout'] });
    server(NO_FILTERS);
    await startFirstDeck();
    await settled();
    jest.setSystemTime(Date.now() + FIRST_DECK_FRESH_SECONDS * 1000 + 1);
    expect(arrivedFirstDeck()).toBeNull();
    expect(takeFirstDeck(NO_FILTERS)).toBeNull();
  });
});
