import type { MessageView } from '@aero/contracts/shared';
import { jest } from '@jest/globals';
import { deliver, type DeliveryRoutes } from './deliver';
import { addOutgoing, newMessageId, pendingViews, queuedToFlush, removeOutgoing, restoredOutbox, sendPayload, setOutgoingState, settleOutgoing, type OutgoingMessage } from './outbox';
import { endedOutgoing, withoutEndedMatches } from './ended-matches';

const outgoing = (id: string, over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id,
  matchId: 'match-1',
  recipientId: 'u-other',
  content: `text ${id}`,
  messageType: 'text',
  attachmentUrl: null,
  attachmentDuration: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  state: 'sending',
  ...over,
});

const stored = (id: string): MessageView => ({ ...sendPayload(outgoing(id)), senderId: 'u-me', attachmentWidth: null, attachmentHeight: null, createdAt: '2026-05-01T10:00:01.000Z', readAt: null });

describe('the send queue', () => {
  it('queues what could not be sent and flushes it in order once connected', () => {
    let box = addOutgoing([], outgoing('a'));
    box = addOutgoing(box, outgoing('b'));
    box = addOutgoing(box, outgoing('c'));
    box = setOutgoingState(box, 'a', 'queued');
    box = setOutgoingState(box, 'c', 'queued');
    expect(queuedToFlush(box).map((m) => m.id)).toEqual(['a', 'c']);
  });

  it('adds a message once (a resend keeps its id and its place)', () => {
    const box = addOutgoing(addOutgoing([], outgoing('a')), outgoing('a', { content: 'again' }));
    expect(box).toHaveLength(1);
    expect(box[0].content).toBe('text a');
  });

  it('lets messages go once the server has them (by id), and on refusal', () => {
    const box = [outgoing('a'), outgoing('b'), outgoing('c')];
    expect(settleOutgoing(box, [stored('b'), stored('zz')]).map((m) => m.id)).toEqual(['a', 'c']);
    expect(removeOutgoing(box, 'a').map((m) => m.id)).toEqual(['b', 'c']);
  });

  it("shows a conversation's unconfirmed messages after the server's, never twice", () => {
    const box = [outgoing('a'), outgoing('b', { state: 'queued' }), outgoing('x', { matchId: 'match-2' })];
    const views = pendingViews(box, 'match-1', 'u-me', [stored('a')]);
    expect(views.map((v) => [v.id, v.pending, v.senderId])).toEqual([['b', 'queued', 'u-me']]);
  });

  it("shows a photo or voice clip on its way out with this page's copy of its file, and without one when it has none", () => {
    const box = [outgoing('p', { messageType: 'photo', content: '', preview: 'blob:http://localhost/p' }), outgoing('v', { messageType: 'voice', content: '', attachmentDuration: 3, state: 'failed' })];
    expect(pendingViews(box, 'match-1', 'u-me', []).map((v) => [v.id, v.attachmentUrl, v.pending])).toEqual([
      ['p', 'blob:http://localhost/p', 'sending'],
      ['v', null, 'failed'],
    ]);
  });

  it('sends the fields of the contract', () => {
    expect(Object.keys(sendPayload(outgoing('a'))).sort()).toEqual(['attachmentDuration', 'attachmentUrl', 'content', 'id', 'matchId', 'messageType', 'recipientId']);
  });

  it('makes version 4 UUIDs', () => {
    const id = newMessageId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newMessageId()).not.toBe(id);
    expect(newMessageId((b) => b.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});

describe('delivering a message (socket, else HTTP with the same id)', () => {
  const payload = sendPayload(outgoing('a'));
  const routes = (over: Partial<DeliveryRoutes<typeof payload>>) => {
    const r = {
      isConnected: () => true,
      viaSocket: jest.fn(async () => ({ message: stored('a') })),
      viaHttp: jest.fn(async () => stored('a')),
      ...over,
    };
    return r as DeliveryRoutes<typeof payload> & { viaSocket: jest.Mock; viaHttp: jest.Mock };
  };

  it('uses the socket when it is connected', async () => {
    const r = routes({});
    await expect(deliver(payload, r)).resolves.toEqual({ kind: 'sent', message: stored('a') });
    expect(r.viaHttp).not.toHaveBeenCalled();
  });

  it('falls back to HTTP when the socket is not open', async () => {
    const r = routes({ isConnected: () => false });
    await expect(deliver(payload, r)).resolves.toMatchObject({ kind: 'sent' });
    expect(r.viaSocket).not.toHaveBeenCalled();
    expect(r.viaHttp).toHaveBeenCalledWith(payload);
  });

  it('falls back to HTTP (same payload, same id) when the socket gives no answer', async () => {
    const r = routes({ viaSocket: jest.fn(async () => Promise.reject(new Error('operation has timed out'))) });
    await expect(deliver(payload, r)).resolves.toMatchObject({ kind: 'sent' });
    expect(r.viaHttp).toHaveBeenCalledWith(payload);
  });

  it("reports the server's refusal with its text", async () => {
    await expect(deliver(payload, routes({ viaSocket: jest.fn(async () => ({ error: 'You can no longer message this member' })) }))).resolves.toEqual({
      kind: 'refused',
      via: 'socket',
      error: 'You can no longer message this member',
    });
    const httpRefusal = routes({ isConnected: () => false, viaHttp: jest.fn(async () => Promise.reject({ status: 404, message: '404: …', serverMessage: 'Match not found' })) });
    await expect(deliver(payload, httpRefusal)).resolves.toEqual({ kind: 'refused', via: 'http', error: 'Match not found' });
  });

  it('says offline when nothing reached the server (then the message is queued)', async () => {
    const r = routes({ isConnected: () => false, viaHttp: jest.fn(async () => Promise.reject({ status: 0, message: 'Failed to fetch' })) });
    await expect(deliver(payload, r)).resolves.toEqual({ kind: 'offline' });
  });

  it('says offline at once, trying neither way, when the browser knows it has no network (no wait for an acknowledgement)', async () => {
    const r = routes({ networkDown: () => true });
    await expect(deliver(payload, r)).resolves.toEqual({ kind: 'offline' });
    expect(r.viaSocket).not.toHaveBeenCalled();
    expect(r.viaHttp).not.toHaveBeenCalled();
  });
});

describe('restoredOutbox (the queue kept across a reload)', () => {
  it('queues every well-formed message again, sending ones included, and drops anything else', () => {
    const kept = JSON.parse(JSON.stringify([outgoing('a', { state: 'queued' }), outgoing('b', { state: 'sending' }), { id: 'c' }, null, 'x']));
    expect(restoredOutbox(kept)).toEqual([outgoing('a', { state: 'queued' }), outgoing('b', { state: 'queued' })]);
    for (const nothing of [null, undefined, {}, 'text', 3]) expect(restoredOutbox(nothing)).toEqual([]);
  });

  it("keeps a message held for 'Are you sure?' held: it waits for the member's answer, not the connection", () => {
    const kept = JSON.parse(JSON.stringify([outgoing('a', { state: 'held' }), outgoing('b', { state: 'queued' })]));
    expect(restoredOutbox(kept)).toEqual([outgoing('a', { state: 'held' }), outgoing('b', { state: 'queued' })]);
    expect(queuedToFlush(restoredOutbox(kept)).map((m) => m.id)).toEqual(['b']);
  });

  it("keeps a failed photo or voice clip failed once uploaded, and drops one whose file had not gone up (the file and its preview were the page's)", () => {
    const uploaded = outgoing('a', { messageType: 'photo', content: '', attachmentUrl: 'http://localhost/objects/attachments/a', preview: 'blob:http://localhost/a', state: 'failed' });
    const sending = outgoing('b', { messageType: 'photo', content: '', attachmentUrl: 'http://localhost/objects/attachments/b', preview: 'blob:http://localhost/b' });
    const notUploaded = outgoing('c', { messageType: 'voice', content: '', preview: 'blob:http://localhost/c', state: 'failed' });
    const restored = restoredOutbox(JSON.parse(JSON.stringify([uploaded, sending, notUploaded])));
    expect(restored.map((m) => [m.id, m.state, m.preview])).toEqual([
      ['a', 'failed', undefined],
      ['b', 'queued', undefined],
    ]);
  });
});

describe('withoutEndedMatches (a match that ended takes its unsent messages with it)', () => {
  const box = [outgoing('a', { state: 'held' }), outgoing('b', { matchId: 'match-2', state: 'queued' }), outgoing('c', { state: 'queued' })];

  it("drops the ended match's messages, whatever their state, and keeps the others", () => {
    expect(withoutEndedMatches(box, { matchId: 'match-1' }).map((m) => m.id)).toEqual(['b']);
    expect(withoutEndedMatches(box, { matchId: 'match-9' })).toEqual(box);
    expect(endedOutgoing(box, { matchId: 'match-1' })).toEqual(['a', 'c']);
  });

  it('drops, from a matches list asked for since, the held messages of matches it does not have; queued ones go to the server, which decides', () => {
    const listedAt = Date.parse('2026-05-01T10:05:00.000Z');
    expect(withoutEndedMatches(box, { liveMatchIds: ['match-2'], listedAt }).map((m) => m.id)).toEqual(['b', 'c']);
    expect(withoutEndedMatches(box, { liveMatchIds: [], listedAt }).map((m) => m.id)).toEqual(['b', 'c']);
    expect(withoutEndedMatches(box, { liveMatchIds: ['match-1', 'match-2'], listedAt })).toEqual(box);
    // a failed photo waits for the member as a held message does
    const failed = [outgoing('p', { messageType: 'photo', content: '', state: 'failed' }), outgoing('q', { matchId: 'match-2', messageType: 'photo', content: '', state: 'failed' })];
    expect(withoutEndedMatches(failed, { liveMatchIds: ['match-2'], listedAt }).map((m) => m.id)).toEqual(['q']);
  });

  it('keeps a message written after the list was asked for: its match may be newer than the list', () => {
    const listedAt = Date.parse('2026-05-01T09:59:00.000Z');
    expect(withoutEndedMatches(box, { liveMatchIds: [], listedAt })).toEqual(box);
  });
});
