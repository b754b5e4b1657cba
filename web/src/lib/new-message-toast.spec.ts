import { jest } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import type { MatchView } from '@aero/contracts/shared';
import { render } from '../i18n/testing';
import type { Locale } from '../i18n/languages';
import { api } from './api';
import { describeNewMessage, newMessageToast, PREVIEW_MAX_CHARS, previewOf } from './new-message-toast';

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
  let made: { dispatch: (action: ReturnType<typeof api.util.resetApiState>) => unknown }[] = [];
  afterEach(() => {
    globalThis.fetch = realFetch;
    // (the cache's timers of unused entries stopped)
    for (const s of made) s.dispatch(api.util.resetApiState());
    made = [];
  });

  /** the server's match list, answered when the test says */
  function slowMatchList() {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    globalThis.fetch = jest.fn(async () => {
      await answered;
      return new Response(JSON.stringify(matches), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    return { answer };
  }

  function store() {
    const s = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (m) => m({ serializableCheck: false }).concat(api.middleware) });
    made.push(s);
    return s;
  }

  it('names the sender from the list fetched', async () => {
    const { answer } = slowMatchList();
    const described = store().dispatch(describeNewMessage(message(), shown()));
    answer();
    expect((await described).description).toBe('Ben: Are you on the Denver layover?');
  });

  // the message's other push (its notification) makes the match list stale while it is fetched:
  // the answer still names the sender (CI once showed 'User' there)
  it('names the sender when a push makes the list stale while it is fetched', async () => {
    const { answer } = slowMatchList();
    const s = store();
    const described = s.dispatch(describeNewMessage(message(), shown()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    s.dispatch(api.util.invalidateTags(['Matches']));
    answer();
    expect((await described).description).toBe('Ben: Are you on the Denver layover?');
  });
});
