import type { MatchView } from '@aero/contracts/shared';
import { render } from '../i18n/testing';
import type { Locale } from '../i18n/languages';
import { api } from './api';
import { disposeTestStores, makeTestStore, scriptServer } from './current-user/testing';
import { noteMessage, toldHere, watchLike } from './matches-made-here';
import { describeNewMatch, describeNewMessage, newMessageToast, type NewMessageToast, PREVIEW_MAX_CHARS, previewOf } from './new-message-toast';

const ben = 'b0000000-0000-4000-8000-000000000001';
const matches: MatchView[] = [
  { id: 'm1', otherUser: { id: ben, firstName: 'Ben', mainPhoto: null, position: null, airline: null }, hasMessages: true, hasUnreadMessages: true, createdAt: '2026-01-01T00:00:00Z' } as MatchView,
];
const message = (over: Partial<{ matchId: string; senderId: string; content: string; messageType: 'text' | 'voice' | 'photo' }> = {}) => ({
  matchId: 'm1',
  senderId: ben,
  content: 'Are you on the Denver layover?',
  messageType: 'text' as const,
  ...over,
});
const shown = (locale: Locale = 'en') => (value: Parameters<typeof render>[0]) => render(value, locale);

describe("the 'New message' toast's text", () => {
  it('names the sender from the match list and previews the text, for the conversation of the message', () => {
    expect(newMessageToast(message(), matches, shown())).toEqual({ matchId: 'm1', description: 'Ben: Are you on the Denver layover?' });
  });

  it('labels a voice or photo message, in the chosen language', () => {
    expect(newMessageToast(message({ messageType: 'voice', content: '' }), matches, shown()).description).toBe('Ben: Voice message');
    expect(newMessageToast(message({ messageType: 'photo', content: '' }), matches, shown()).description).toBe('Ben: Photo');
    expect(newMessageToast(message({ messageType: 'voice', content: '' }), matches, shown('de')).description).toBe('Ben: Sprachnachricht');
    expect(newMessageToast(message({ messageType: 'photo', content: '' }), matches, shown('fr')).description).toBe('Ben\u00a0: Photo');
    expect(newMessageToast(message({ messageType: 'voice', content: '' }), matches, shown('es')).description).toBe('Ben: Mensaje de voz');
  });

  it("takes no name from anywhere but the member's own match of that sender ('User' otherwise)", () => {
    expect(newMessageToast(message({ matchId: 'other' }), matches, shown()).description).toBe('User: Are you on the Denver layover?');
    expect(newMessageToast(message({ senderId: 'c0000000-0000-4000-8000-000000000002' }), matches, shown()).description).toBe('User: Are you on the Denver layover?');
    expect(newMessageToast(message(), undefined, shown('de')).description).toBe('Nutzer: Are you on the Denver layover?');
  });

  it('shortens a long text to one line', () => {
    const long = `Hello\n\nthere ${'very '.repeat(30)}long`;
    const preview = previewOf(long);
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX_CHARS);
    expect(preview.startsWith('Hello there very')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(previewOf('  short  one ')).toBe('short one');
  });
});

describe("the 'New message' toast's sender, when the match list is fetched for it", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    disposeTestStores();
  });

  /** the server's match list, answered when the test says */
  function slowMatchList() {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    scriptServer(async () => {
      await answered;
      return { status: 200, body: matches };
    });
    return { answer };
  }

  /** the toast's text, worked out on a test store (whose state type does not name the match list's endpoint) */
  const describeOn = (store: ReturnType<typeof makeTestStore>) =>
    store.dispatch(describeNewMessage(message(), shown()) as unknown as Parameters<typeof store.dispatch>[0]) as unknown as Promise<NewMessageToast>;

  it('names the sender from the list fetched', async () => {
    const { answer } = slowMatchList();
    const described = describeOn(makeTestStore());
    answer();
    expect((await described).description).toBe('Ben: Are you on the Denver layover?');
  });

  // the message's other push (its notification) makes the match list stale while it is fetched:
  // the answer still names the sender (CI once showed 'User' there)
  it('names the sender when a push makes the list stale while it is fetched', async () => {
    const { answer } = slowMatchList();
    const s = makeTestStore();
    const described = describeOn(s);
    await new Promise((resolve) => setTimeout(resolve, 0));
    s.dispatch(api.util.invalidateTags(['Matches']));
    answer();
    expect((await described).description).toBe('Ben: Are you on the Denver layover?');
  });
});

describe("the 'It's a Match!' toast of a match the other member made", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    disposeTestStores();
  });

  const describeOn = (store: ReturnType<typeof makeTestStore>, matchId: string) =>
    store.dispatch(describeNewMatch(matchId, shown()) as unknown as Parameters<typeof store.dispatch>[0]) as unknown as Promise<NewMessageToast>;

  it("names the other member from the match list, and says no name when the list does not have the match", async () => {
    scriptServer(async () => ({ status: 200, body: matches }));
    expect(await describeOn(makeTestStore(), 'm1')).toEqual({ matchId: 'm1', description: 'You and Ben like each other.' });
    expect(await describeOn(makeTestStore(), 'm2')).toEqual({ matchId: 'm2', description: 'You like each other.' });
  });
});

describe('matches this tab already tells of', () => {
  it("are known once the likes under way have answered, even when the match's push comes first", async () => {
    let answer!: (result: { isMatch: boolean; match?: { id: string } }) => void;
    const like = watchLike(new Promise<{ isMatch: boolean; match?: { id: string } }>((resolve) => (answer = resolve)));
    const asked = toldHere('made-by-my-like');
    const other = toldHere('made-by-their-like');
    answer({ isMatch: true, match: { id: 'made-by-my-like' } });
    expect(await like).toEqual({ isMatch: true, match: { id: 'made-by-my-like' } });
    expect(await asked).toBe(true);
    expect(await other).toBe(false);
  });

  it('are not waited for once a like has failed', async () => {
    await expect(watchLike(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await toldHere('any')).toBe(false);
  });

  it("include a match whose first message arrived before the match's push (its 'New message' toast tells of it)", async () => {
    expect(await toldHere('written-first')).toBe(false);
    noteMessage('written-first');
    expect(await toldHere('written-first')).toBe(true);
    expect(await toldHere('not-written')).toBe(false);
  });
});
