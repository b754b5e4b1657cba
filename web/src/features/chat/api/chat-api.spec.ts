import { Messages } from '@aero/contracts/shared';
import { jest } from '@jest/globals';
import { serverErrorText } from '../../../i18n/server-errors';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import { memoryStorage } from '../../../lib/current-user/testing';
import { draftStorageKey, keepDraft, readDraft } from '../lib/drafts';
import type { OutgoingMessage } from '../lib/outbox-queue';
import { chatSlice, outgoingAdded, selectOutbox } from '../slices/outbox-slice';
import { endMatch, putFile } from './chat-api';

describe('putFile', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("refuses with the server's code and text, so the app shows the shared message in the member's language", async () => {
    const body = { statusCode: 429, code: 'upload_in_progress', message: Messages.uploadInProgress };
    const fetched = jest.fn(async () => new Response(JSON.stringify(body), { status: 429, statusText: 'Too Many Requests' }));
    globalThis.fetch = fetched as typeof fetch;
    const refused: unknown = await putFile('/objects/attachments/u/a?sig=x', new Blob(['voice']), 'audio/webm').catch((e: unknown) => e);
    expect(fetched).toHaveBeenCalledWith('/objects/attachments/u/a?sig=x', expect.objectContaining({ method: 'PUT', headers: { 'content-type': 'audio/webm' } }));
    expect(refused).toMatchObject({ status: 429, code: 'upload_in_progress', serverMessage: Messages.uploadInProgress });
    expect(serverErrorText(refused)).toEqual({ id: 'messages.uploadInProgress' });
  });

  it('resolves when the file is stored', async () => {
    globalThis.fetch = (async () => new Response(null, { status: 204 })) as typeof fetch;
    await expect(putFile('/objects/attachments/u/a?sig=x', new Blob(['photo']), 'image/jpeg')).resolves.toBeUndefined();
  });
});

describe('endMatch', () => {
  let tab: ReturnType<typeof memoryStorage>;
  beforeEach(() => (tab = memoryStorage('sessionStorage')));
  afterEach(() => tab.restore());

  const outgoing = (id: string, matchId: string): OutgoingMessage => ({
    id,
    matchId,
    recipientId: 'them',
    content: 'Hi',
    messageType: 'text',
    attachmentUrl: null,
    attachmentDuration: null,
    createdAt: new Date().toISOString(),
    state: 'queued',
  });

  it("takes the ended match's unsent messages and draft with it, and leaves the other conversations'", () => {
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer, chat: chatSlice.reducer },
      middleware: (m) => m({ serializableCheck: false }).concat(api.middleware),
    });
    store.dispatch(outgoingAdded(outgoing('o1', 'ended')));
    store.dispatch(outgoingAdded(outgoing('o2', 'live')));
    keepDraft(draftStorageKey('me', 'ended'), 'See you at the gate');
    keepDraft(draftStorageKey('me', 'live'), 'Layover in Lisbon?');

    store.dispatch(endMatch('ended', 'me'));

    expect(selectOutbox(store.getState()).map((m) => m.id)).toEqual(['o2']);
    expect(readDraft(draftStorageKey('me', 'ended'))).toBe('');
    expect(readDraft(draftStorageKey('me', 'live'))).toBe('Layover in Lisbon?');
  });
});
