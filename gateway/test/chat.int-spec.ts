import { attachmentKeyFrom, checkedAttachmentKey, type CurrentUserView, Messages, type MessageView, type NotificationView, Rpc, ServerLimits, SocketEvents, subscriptionRequired } from '@aero/contracts';
import { ApiClient, eventually } from '@aero/testing';
import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { Presence } from '@aero/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { SessionStore } from '../src/auth/session.store.js';
import { createMember, inDeck, type Member, matchedPair } from './support/members.js';
import { VIDEO_MP4, VIDEO_WEBM, VOICE_MP4, VOICE_WEBM } from './support/recordings.js';
import { waitingOnLock } from './support/lock-waits.js';
import { forMember, interceptRpc } from './support/rpc-calls.js';
import { collect, connect, presenceOf } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/** the first bytes of a WebM file as Chromium's MediaRecorder writes it (EBML header, DocType webm) */
const emitWithAck = <T>(socket: Socket, event: string, body: unknown) => socket.timeout(15_000).emitWithAck(event, body) as Promise<T>;

/**
 * Chat through the real gateway in both runtime modes: messages over HTTP and the socket, stored
 * before they are delivered and never twice; read receipts; attachments; membership checked on
 * every path; unmatch and block in every service. Distributed mode adds a second gateway: a
 * message crosses gateways, and a gateway killed mid-conversation loses nothing.
 */
describe.each(GATEWAY_MODES)('chat (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { DEMO_SEED: 'false', PRESENCE_TTL_SECONDS: '3' });
    base = gw.base;
  });
  afterAll(() => gw?.close());

  const sockets: Socket[] = [];
  afterEach(() => {
    jest.restoreAllMocks();
    for (const s of sockets.splice(0)) s.disconnect();
  });
  const socketOf = async (m: Member, at = base) => {
    const s = await connect(at, m, base);
    sockets.push(s);
    return s;
  };

  const member = (firstName: string, gender: 'male' | 'female') => createMember(base, firstName, gender);
  const matched = (a?: string, b?: string) => matchedPair(base, a, b);

  const messagesOf = async (m: Member, matchId: string, query = '') => (await m.api.get(`/api/matches/${matchId}/messages${query}`)).body as MessageView[];

  /** GET of a message's attachment address as `m` (null: signed out), the redirect not followed */
  const openAttachment = (m: Member | null, url: string) => fetch(`${base}${url}`, { redirect: 'manual', headers: m ? { cookie: m.api.cookie } : {} });
  /** the attachment's bytes as `m`'s browser gets them: its address redirects to a signed URL */
  const attachmentAs = async (m: Member, url: string, headers: Record<string, string> = {}) => {
    const redirect = await openAttachment(m, url);
    expect(redirect.status).toBe(302);
    return fetch(redirect.headers.get('location')!, { headers });
  };

  it('stores every message before delivering it to both members, and an offline recipient finds it', async () => {
    const { ana, ben, matchId } = await matched();
    const anaSocket = await socketOf(ana);
    const anaGot = collect<{ message: MessageView }>(anaSocket, SocketEvents.newMessage);

    // Ben is offline: Ana's socket message is stored, and there when he opens the chat
    const id = randomUUID();
    const ack = await emitWithAck<{ message: MessageView }>(anaSocket, SocketEvents.message, { type: 'message', id, matchId, content: '  Hi Ben!  ', messageType: 'text', recipientId: ben.id });
    expect(ack.message).toMatchObject({ id, matchId, senderId: ana.id, content: 'Hi Ben!', messageType: 'text', attachmentUrl: null, readAt: null });
    expect(await messagesOf(ben, matchId)).toEqual([expect.objectContaining({ id, content: 'Hi Ben!' })]);
    await eventually(() => anaGot.some((p) => p.message.id === id), 10_000, 'the echo to the sender');

    // Ben answers over HTTP while Ana's socket listens
    const reply = await ben.api.post(`/api/matches/${matchId}/messages`, { id: randomUUID(), content: 'Hello Ana', messageType: 'text' });
    expect(reply.status).toBe(201);
    await eventually(() => anaGot.find((p) => p.message.id === reply.body.id), 10_000, 'new_message').then((p) => expect(p.message).toMatchObject({ matchId, senderId: ben.id, content: 'Hello Ana' }));

    // a resend with the same id (after a reconnect) stores nothing new
    const again = await emitWithAck<{ message: MessageView }>(anaSocket, SocketEvents.message, { id, matchId, content: 'Hi Ben!', messageType: 'text' });
    expect(again.message.id).toBe(id);
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { id: reply.body.id, content: 'Hello Ana', messageType: 'text' })).status).toBe(201);
    const all = await messagesOf(ana, matchId);
    expect(all.map((m) => m.content)).toEqual(['Hi Ben!', 'Hello Ana']);
    // an id someone else used is not theirs to resend
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { id, content: 'stolen', messageType: 'text' })).status).toBe(409);

    // blank text is refused with the spec's rule, over HTTP and the socket
    const blank = await ana.api.post(`/api/matches/${matchId}/messages`, { content: '   ', messageType: 'text' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(Messages.messageEmpty);
    const errors = collect<{ message: string }>(anaSocket, SocketEvents.messageError);
    expect(await emitWithAck(anaSocket, SocketEvents.message, { matchId, content: ' ' })).toEqual({ error: Messages.messageEmpty });
    await eventually(() => errors.length === 1, 5_000, 'message_error');
    expect((await messagesOf(ana, matchId)).length).toBe(2);
  });

  it('tells unread from read, sends read receipts, and pages older messages', async () => {
    const { ana, ben, matchId } = await matched('Cleo', 'Dev');
    for (let i = 1; i <= 55; i++) await ana.api.post(`/api/matches/${matchId}/messages`, { content: `m${i}`, messageType: 'text' });
    const benList = (await ben.api.get('/api/matches')).body;
    expect(benList).toEqual([expect.objectContaining({ id: matchId, hasMessages: true, hasUnreadMessages: true })]);
    // reading the conversation changes nothing
    await messagesOf(ben, matchId);
    expect((await ben.api.get('/api/matches')).body[0].hasUnreadMessages).toBe(true);

    const latest = await messagesOf(ben, matchId);
    expect(latest.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 6}`));
    const older = await messagesOf(ben, matchId, `?before=${latest[0]!.id}`);
    expect(older.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect((await ben.api.get(`/api/matches/${matchId}/messages?before=${randomUUID()}`)).status).toBe(404);
    expect((await ben.api.get(`/api/matches/${matchId}/messages?before=not-a-uuid`)).status).toBe(400);

    const anaSocket = await socketOf(ana);
    const receipts = collect<{ matchId: string; userId: string; readAt: string }>(anaSocket, SocketEvents.messageRead);
    const read = await ben.api.post(`/api/matches/${matchId}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    expect((await ben.api.get('/api/matches')).body[0].hasUnreadMessages).toBe(false);
    // Ana's own messages are not unread for her, and her view shows them read
    expect((await ana.api.get('/api/matches')).body[0].hasUnreadMessages).toBe(false);
    expect((await messagesOf(ana, matchId)).every((m) => m.readAt !== null)).toBe(true);
    await eventually(() => receipts.find((r) => r.matchId === matchId && r.userId === ben.id), 10_000, 'message_read');
    // nothing new to read: no second receipt
    expect((await ben.api.post(`/api/matches/${matchId}/read`)).body.readAt).toBeNull();
  });

  it('refuses anyone but the two members, on every path', async () => {
    const { ana, ben, matchId } = await matched('Eva', 'Finn');
    const carl = await member('Carl', 'male');
    const sent = await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'private', messageType: 'text' });
    for (const path of [`/api/matches/${matchId}/messages`, `/api/matches/${randomUUID()}/messages`, '/api/matches/not-a-uuid/messages', `/api/matches/${encodeURIComponent(matchId)}%2F..%2F/messages`]) {
      const got = await carl.api.get(path);
      expect(got.status).toBe(404);
      expect(JSON.stringify(got.body)).not.toContain('private');
    }
    const post = await carl.api.post(`/api/matches/${matchId}/messages`, { content: 'hi', messageType: 'text' });
    expect(post.status).toBe(404);
    expect(post.body.message).toBe(Messages.matchNotFound);
    expect((await carl.api.post(`/api/matches/${matchId}/read`)).status).toBe(404);
    expect((await carl.api.delete(`/api/matches/${matchId}`)).status).toBe(404);
    // Carl cannot reuse Ana's message id to learn or overwrite it
    expect((await carl.api.post(`/api/matches/${matchId}/messages`, { id: sent.body.id, content: 'x', messageType: 'text' })).status).toBe(404);

    const carlSocket = await socketOf(carl);
    const typing = collect(await socketOf(ana), SocketEvents.typing);
    const refusals = collect(carlSocket, SocketEvents.messageError);
    // with its code, as over HTTP: the app tells a match it no longer has (its end's push missed) from another refusal
    expect(await emitWithAck(carlSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'hi', messageType: 'text', recipientId: ana.id })).toEqual({ error: Messages.matchNotFound, code: 'match_not_found', statusCode: 404 });
    expect(refusals).toEqual([{ id: expect.any(String), matchId, message: Messages.matchNotFound, code: 'match_not_found' }]);
    expect(await emitWithAck(carlSocket, SocketEvents.messageRead, { matchId })).toEqual({ error: Messages.matchNotFound });
    carlSocket.emit(SocketEvents.typing, { matchId });
    const benSocket = await socketOf(ben);
    benSocket.emit(SocketEvents.typing, { matchId });
    await eventually(() => typing.length === 1, 10_000, 'Ben typing');
    expect(typing).toEqual([{ matchId, userId: ben.id }]);
    expect((await messagesOf(ana, matchId)).map((m) => m.content)).toEqual(['private']);

    // signed out: nothing
    const stranger = new ApiClient(base);
    expect((await stranger.get(`/api/matches/${matchId}/messages`)).status).toBe(401);
  });

  it('sends photos without their metadata and voice clips with byte ranges, readable by the members only', async () => {
    const { ana, ben, matchId } = await matched('Gia', 'Hal');
    const carl = await member('Cody', 'male');
    const upload = async (m: Member, body: Buffer, type: string) => {
      const { uploadURL } = (await m.api.post('/api/objects/upload')).body as { uploadURL: string };
      const put = await fetch(uploadURL, { method: 'PUT', body, headers: { 'content-type': type } });
      return { uploadURL, status: put.status };
    };

    // a phone photo with GPS in its EXIF
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Secret Model' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 46/1 36/1' } })
      .toBuffer();
    expect(jpeg.includes('Secret Model')).toBe(true);
    // sent as a type the gateway parses (text, JSON, a form), the file is refused, not stored empty
    for (const [type, body] of [['text/plain', 'a photo'], ['application/json', '{"photo":1}'], ['multipart/form-data; boundary=x', '--x--']] as const) {
      const refused = await upload(ana, Buffer.from(body), type);
      expect(refused.status).toBe(415);
      expect((await ana.api.put('/api/message-attachments', { attachmentUrl: refused.uploadURL, messageType: 'photo' })).status).toBe(404);
    }
    const photo = await upload(ana, jpeg, 'image/jpeg');
    expect(photo.status).toBe(204);
    // Carl cannot claim or send Ana's upload
    expect((await carl.api.put('/api/message-attachments', { attachmentUrl: photo.uploadURL, messageType: 'photo' })).body).toEqual({ statusCode: 404, code: 'not_found', message: Messages.attachmentInvalid });
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: photo.uploadURL, messageType: 'photo' })).status).toBe(200);
    const photoMessage = await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'photo', attachmentUrl: photo.uploadURL });
    expect(photoMessage.status).toBe(201);
    const url = (photoMessage.body as MessageView).attachmentUrl!;
    expect(url).not.toBe(photo.uploadURL);
    const seenByBen = (await messagesOf(ben, matchId)).find((m) => m.id === photoMessage.body.id)!;
    const image = await attachmentAs(ben, seenByBen.attachmentUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.includes('Secret Model')).toBe(false);
    expect(bytes.includes('PhoneCo')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    // what was sent cannot be replaced through the upload address (valid for minutes), not even
    // by registering it again; and a stored file never runs as a page of the app
    const page = '<script src="/objects/x.js"></script>';
    expect((await fetch(photo.uploadURL, { method: 'PUT', body: page, headers: { 'content-type': 'text/html' } })).status).toBe(204);
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: photo.uploadURL, messageType: 'photo' })).status).toBe(200);
    const after = await attachmentAs(ben, (await messagesOf(ben, matchId)).find((m) => m.id === photoMessage.body.id)!.attachmentUrl!);
    expect(after.headers.get('content-type')).toBe('image/webp');
    expect(after.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(Buffer.from(await after.arrayBuffer())).toEqual(bytes);
    // the same upload cannot be sent again in another conversation
    const other = await matched('Ida', 'Jay');
    const stolen = await other.ana.api.post(`/api/matches/${other.matchId}/messages`, { content: '', messageType: 'photo', attachmentUrl: photo.uploadURL });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(Messages.attachmentInvalid);

    // a voice clip, played back in ranges (iOS Safari asks for them)
    const voice = await upload(ben, VOICE_WEBM, 'audio/webm');
    expect((await ben.api.put('/api/message-attachments', { attachmentUrl: voice.uploadURL, messageType: 'voice' })).status).toBe(200);
    const clip = await ben.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'voice', attachmentUrl: voice.uploadURL, attachmentDuration: 3 });
    expect(clip.body).toMatchObject({ messageType: 'voice', attachmentDuration: 3 });
    const part = await attachmentAs(ana, clip.body.attachmentUrl, { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/webm');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(VOICE_WEBM.subarray(0, 4));

    // not what it claims, too big, or never registered
    const text = await upload(ana, Buffer.from('<html>not a photo</html>'), 'image/jpeg');
    const refused = await ana.api.put('/api/message-attachments', { attachmentUrl: text.uploadURL, messageType: 'photo' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ statusCode: 400, code: 'not_an_image', message: Messages.chatImageOnly });
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: text.uploadURL, messageType: 'voice' })).body).toEqual({ statusCode: 400, code: 'not_audio', message: Messages.voiceFormat });
    // a video is no voice clip, though its first bytes name the same containers (it would be served as it came); an audio-only MP4, as Safari records, is one
    for (const [video, type] of [[VIDEO_WEBM, 'audio/webm'], [VIDEO_MP4, 'audio/mp4']] as const) {
      const clip = await upload(ana, video, type);
      expect((await ana.api.put('/api/message-attachments', { attachmentUrl: clip.uploadURL, messageType: 'voice' })).body).toEqual({ statusCode: 400, code: 'not_audio', message: Messages.voiceFormat });
    }
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: (await upload(ana, VOICE_MP4, 'audio/mp4')).uploadURL, messageType: 'voice' })).status).toBe(200);
    const { uploadURL: bigUrl } = (await ana.api.post('/api/objects/upload')).body;
    expect((await fetch(bigUrl, { method: 'PUT', body: Buffer.alloc(10 * 1024 * 1024 + 1), headers: { 'content-type': 'image/jpeg' } })).status).toBe(413);
    const unregistered = await upload(ana, jpeg, 'image/jpeg');
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'photo', attachmentUrl: unregistered.uploadURL })).body.message).toBe(Messages.attachmentInvalid);
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'voice', attachmentUrl: photo.uploadURL })).status).toBe(400);
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'photo' })).status).toBe(400);
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'photo', attachmentUrl: 'https://elsewhere.example/x.jpg' })).body).toEqual({ statusCode: 400, code: 'attachment_invalid', message: Messages.attachmentInvalid });
    // an upload address expires and is bound to its key: a forged signature is refused
    expect((await fetch(photo.uploadURL.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`), { method: 'PUT', body: jpeg, headers: { 'content-type': 'image/jpeg' } })).status).toBe(403);
  });

  it("keeps a photo's shape: the message carries the stored photo's upright pixels, however often it was registered", async () => {
    const { ana, ben, matchId } = await matched('Kim', 'Lou');
    const sent = async (photo: Buffer) => {
      const { uploadURL } = (await ana.api.post('/api/objects/upload')).body as { uploadURL: string };
      expect((await fetch(uploadURL, { method: 'PUT', body: photo, headers: { 'content-type': 'image/jpeg' } })).status).toBe(204);
      // registered twice (a retried request), the first time with a size of the member's own making: one size, the stored photo's
      expect((await ana.api.put('/api/message-attachments', { attachmentUrl: uploadURL, messageType: 'photo', width: 1, height: 5000 })).status).toBe(200);
      expect((await ana.api.put('/api/message-attachments', { attachmentUrl: uploadURL, messageType: 'photo' })).status).toBe(200);
      const message = await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'photo', attachmentUrl: uploadURL });
      expect(message.status).toBe(201);
      const seen = (await messagesOf(ben, matchId)).find((m) => m.id === message.body.id)!;
      expect(seen).toMatchObject({ attachmentWidth: message.body.attachmentWidth, attachmentHeight: message.body.attachmentHeight });
      const stored = await sharp(Buffer.from(await (await attachmentAs(ben, seen.attachmentUrl!)).arrayBuffer())).metadata();
      expect([seen.attachmentWidth, seen.attachmentHeight]).toEqual([stored.width, stored.height]);
      return seen;
    };
    // a landscape photo larger than the display size: scaled down, its shape kept
    const landscape = await sent(await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#aa6633' } }).jpeg().toBuffer());
    expect(landscape).toMatchObject({ attachmentWidth: 1080, attachmentHeight: 608 });
    // a phone's portrait photo stored sideways with an EXIF orientation: its upright size
    const sideways = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366aa' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sent(sideways)).toMatchObject({ attachmentWidth: 60, attachmentHeight: 80 });
    // a text has none
    const text = await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'Sunset over the Alps' });
    expect(text.body).toMatchObject({ attachmentWidth: null, attachmentHeight: null });
  });

  it("a message's attachment opens at its stable address for the members of the open conversation only, through a signed URL of minutes", async () => {
    const { ana, ben, matchId } = await matched('Rosa', 'Sam');
    const sendPhoto = async (m: Member, inMatch: string) => {
      const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#aa3366' } }).jpeg().toBuffer();
      const { uploadURL } = (await m.api.post('/api/objects/upload')).body as { uploadURL: string };
      expect((await fetch(uploadURL, { method: 'PUT', body: jpeg, headers: { 'content-type': 'image/jpeg' } })).status).toBe(204);
      expect((await m.api.put('/api/message-attachments', { attachmentUrl: uploadURL, messageType: 'photo' })).status).toBe(200);
      const sent = await m.api.post(`/api/matches/${inMatch}/messages`, { content: '', messageType: 'photo', attachmentUrl: uploadURL });
      expect(sent.status).toBe(201);
      return sent.body as MessageView;
    };
    const photo = await sendPhoto(ana, matchId);
    // the message carries an address under its conversation, the same wherever it is read: no bearer link
    const url = `/api/matches/${matchId}/messages/${photo.id}/attachment`;
    expect(photo.attachmentUrl).toBe(url);
    expect((await messagesOf(ben, matchId)).find((m) => m.id === photo.id)?.attachmentUrl).toBe(url);

    // Ben, matched: a redirect, kept privately a fifth of the time, to a signed URL that works minutes, not an hour
    const opened = await openAttachment(ben, url);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('cache-control')).toBe(`private, max-age=${ServerLimits.signedUrlSeconds / 5}`);
    const signed = new URL(opened.headers.get('location')!);
    const lifetime = Number(signed.searchParams.get('exp')) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(60);
    expect(lifetime).toBeLessThanOrEqual(5 * 60);
    const image = await fetch(signed);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    // and Ana, who sent it
    expect((await openAttachment(ana, url)).status).toBe(302);

    // anyone else: signed out 401; otherwise the 404 of an unknown id, without a Location, whatever the reason
    expect((await openAttachment(null, url)).status).toBe(401);
    const refused = async (m: Member, address: string) => {
      const res = await openAttachment(m, address);
      const text = await res.text();
      expect({ status: res.status, location: res.headers.get('location'), body: text && JSON.parse(text) }).toEqual({ status: 404, location: null, body: { statusCode: 404, code: 'not_found', message: Messages.attachmentInvalid } });
    };
    await refused(ben, `/api/matches/${matchId}/messages/${randomUUID()}/attachment`);
    await refused(ben, `/api/matches/${matchId}/messages/not-an-id/attachment`);
    const text = (await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'lovely', messageType: 'text' })).body as MessageView;
    await refused(ben, `/api/matches/${matchId}/messages/${text.id}/attachment`);
    // a third member, with the pair's match id or a match of their own
    const other = await matched('Zoe', 'Max');
    await refused(other.ben, url);
    await refused(other.ben, `/api/matches/${other.matchId}/messages/${photo.id}/attachment`);

    // unmatched: the address opens for neither, at once
    expect((await ben.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    await refused(ben, url);
    await refused(ana, url);

    // blocked: the same
    const blocked = await sendPhoto(other.ana, other.matchId);
    expect((await openAttachment(other.ben, blocked.attachmentUrl!)).status).toBe(302);
    expect((await other.ana.api.post('/api/blocks', { userId: other.ben.id })).status).toBe(200);
    await refused(other.ben, blocked.attachmentUrl!);
    await refused(other.ana, blocked.attachmentUrl!);
  });

  it('unmatch ends the conversation for both', async () => {
    const { ana, ben, matchId } = await matched('Kim', 'Leo');
    await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'bye?', messageType: 'text' });
    const benSocket = await socketOf(ben);
    const ended = collect<{ matchId: string; endedBy?: string }>(benSocket, SocketEvents.matchEnded);
    const anaEnded = collect<{ matchId: string; endedBy?: string }>(await socketOf(ana), SocketEvents.matchEnded);
    expect((await ana.api.delete(`/api/matches/${matchId}`)).body).toEqual({ success: true });
    expect((await ana.api.get('/api/matches')).body).toEqual([]);
    expect((await ben.api.get('/api/matches')).body).toEqual([]);
    await eventually(() => ended.some((e) => e.matchId === matchId), 10_000, 'match_ended');
    // Ana hears it was her (her tabs go back to the list quietly); Ben only which match is gone
    await eventually(() => anaEnded.some((e) => e.matchId === matchId), 10_000, "Ana's match_ended");
    expect(anaEnded.find((e) => e.matchId === matchId)).toEqual({ matchId, endedBy: ana.id });
    expect(ended.find((e) => e.matchId === matchId)).toEqual({ matchId });
    await eventually(async () => (await ben.api.get(`/api/matches/${matchId}/messages`)).status === 404, 10_000, 'the conversation to close');
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'wait', messageType: 'text' })).status).toBe(404);
    expect((await ana.api.delete(`/api/matches/${matchId}`)).status).toBe(404);
    // liking again (the likes stay) does not bring the match back
    expect((await ben.api.patch('/api/likes', { toUserId: ana.id })).body).toEqual({ isMatch: false });
    expect((await ana.api.get('/api/matches')).body).toEqual([]);
    // neither appears in the other's deck again
    expect(((await ana.api.get('/api/discovery')).body as { id: string }[]).map((c) => c.id)).not.toContain(ben.id);
    expect(((await ben.api.get('/api/discovery')).body as { id: string }[]).map((c) => c.id)).not.toContain(ana.id);
  });

  it('a message sent while its conversation is being ended waits for the end, and is refused', async () => {
    const { ana, matchId } = await matched('Nia', 'Oto');
    // the end (an unmatch or block heard by messaging) under way: the room's row changed, not yet committed
    const ending = new pg.Client({ connectionString: gw.settings.databaseUrl('messaging') });
    await ending.connect();
    try {
      await ending.query('BEGIN');
      await ending.query('UPDATE messaging.chat_rooms SET ended_at = now() WHERE match_id = $1', [matchId]);
      let answered = false;
      const sending = ana.api.post(`/api/matches/${matchId}/messages`, { content: 'still there?', messageType: 'text' }).finally(() => (answered = true));
      const waiting = async () => ((await ending.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]`)).rows[0].n as number) > 0;
      await eventually(async () => answered || (await waiting()), 10_000, 'the send to wait for the end, or to answer');
      await ending.query('COMMIT');
      expect((await sending).status).toBe(404);
    } finally {
      await ending.end();
    }
    expect(await gw.query('messaging', 'SELECT id FROM messaging.messages WHERE match_id = $1', [matchId])).toEqual([]);
  });

  it("never answers a send with another conversation's message that took its id at the same moment", async () => {
    const { ana, matchId } = await matched('Pia', 'Quin');
    const other = await matched('Rue', 'Sol');
    const id = randomUUID();
    // Rue's message of that id being stored, not committed: Pia's send finds no message of the id, then waits on it as it stores hers
    const storing = new pg.Client({ connectionString: gw.settings.databaseUrl('messaging') });
    await storing.connect();
    try {
      await storing.query('BEGIN');
      await storing.query(`INSERT INTO messaging.messages (id, match_id, sender_id, content, message_type) VALUES ($1, $2, $3, 'for Sol only', 'text')`, [id, other.matchId, other.ana.id]);
      const sending = ana.api.post(`/api/matches/${matchId}/messages`, { id, content: 'hello', messageType: 'text' });
      const waiting = async () => ((await storing.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]`)).rows[0].n as number) > 0;
      await eventually(waiting, 10_000, 'the send to wait on the id');
      await storing.query('COMMIT');
      const sent = await sending;
      expect([sent.status, sent.body.code]).toEqual([409, 'message_id_taken']);
      expect(JSON.stringify(sent.body)).not.toContain('for Sol only');
    } finally {
      await storing.end();
    }
    expect(await gw.query('messaging', 'SELECT id FROM messaging.messages WHERE match_id = $1', [matchId])).toEqual([]);
  });

  it('one who must pay first cannot write (over HTTP or the socket) nor record a profile view, reads their conversation, and writes again once subscribed', async () => {
    const { ana, ben, matchId } = await matched('Ada', 'Abe');
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'Hi Abe', messageType: 'text' })).status).toBe(201);
    // Ada is a general member now, who has not paid (set where identity keeps it: a registered member cannot change their type)
    await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc.send(Rpc.identity.setUserType, { accountId: ana.id, userType: 'general' });
    expect((await ana.api.get('/api/users/me')).body as CurrentUserView).toMatchObject({ userType: 'general', subscriptionStatus: 'inactive', mustSubscribe: true });
    const paywall = subscriptionRequired();
    const sent = await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'still here?', messageType: 'text' });
    expect([sent.status, sent.body.code, sent.body.message]).toEqual([402, paywall.code, paywall.message]);
    const anaSocket = await socketOf(ana);
    const ack = await emitWithAck(anaSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'still here?', messageType: 'text' });
    expect(ack).toEqual({ error: paywall.message, code: paywall.code, statusCode: 402 });
    // discovery hears of the change by event (waited for in its table: a view asked for before it would be recorded)
    await eventually(async () => (await gw.query<{ user_type: string }>('discovery', 'SELECT user_type FROM discovery.candidates WHERE user_id = $1', [ana.id]))[0]?.user_type === 'general', 10_000, 'the change in discovery');
    expect((await ana.api.post('/api/profile-views', { viewedUserId: ben.id })).status).toBe(402);
    expect((await ana.api.post('/api/profile-views', { viewedUserId: ben.id })).body.code).toBe(paywall.code);
    expect((await ben.api.get('/api/profile-views')).body).toEqual([]);
    // her own conversation stays hers to read; Abe, airline staff, still writes and records views
    expect((await messagesOf(ana, matchId)).map((m) => m.content)).toEqual(['Hi Abe']);
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'Hi Ada', messageType: 'text' })).status).toBe(201);
    const carla = await member('Carla', 'female');
    await inDeck(ben, carla);
    expect((await ben.api.post('/api/profile-views', { viewedUserId: carla.id })).status).toBe(200);

    // once she pays, she writes and records views again
    const { clientSecret } = (await ana.api.post('/api/get-or-create-subscription')).body as { clientSecret: string };
    expect((await ana.api.post('/api/billing/test-payments', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
    await eventually(async () => (await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'back!', messageType: 'text' })).status === 201, 10_000, 'the message sent');
    expect((await emitWithAck<{ message: MessageView }>(anaSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'and here', messageType: 'text' })).message).toMatchObject({ content: 'and here' });
    await eventually(async () => (await ana.api.post('/api/profile-views', { viewedUserId: ben.id })).status === 200, 10_000, 'the view recorded');
    expect(((await ben.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((e) => e.viewer.id)).toEqual([ana.id]);
  });

  it('a block looks like an unmatch to the member blocked: their like, super like, pass and profile view of the blocker answer as after an unmatch', async () => {
    /** what `m` is answered when they like, super like, pass and view `other`, one after another */
    const answers = async (m: Member, other: Member) => {
      const seen: unknown[] = [];
      for (const [path, body] of [['/api/likes', { toUserId: other.id }], ['/api/super-like', { toUserId: other.id }], ['/api/pass', { toUserId: other.id }], ['/api/profile-views', { viewedUserId: other.id }]] as const) {
        const res = path === '/api/likes' ? await m.api.patch(path, body) : await m.api.post(path, body);
        seen.push([path, res.status, res.body]);
      }
      return seen;
    };
    const unmatched = await matched('Ria', 'Sol');
    expect((await unmatched.ana.api.delete(`/api/matches/${unmatched.matchId}`)).status).toBe(200);
    const blocked = await matched('Tia', 'Udo');
    expect((await blocked.ana.api.post('/api/blocks', { userId: blocked.ben.id })).status).toBe(200);
    const afterUnmatch = await answers(unmatched.ben, unmatched.ana);
    expect(afterUnmatch.map((a) => (a as unknown[])[1])).toEqual([200, 200, 200, 200]);
    expect(await answers(blocked.ben, blocked.ana)).toEqual(afterUnmatch);
    // neither look is kept: the one who ended it (unmatch or block) sees no view of the other
    for (const { ana, ben } of [unmatched, blocked]) expect(((await ana.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((v) => v.viewer.id)).not.toContain(ben.id);
    // the blocker still finds the member blocked unknown
    expect((await blocked.ana.api.patch('/api/likes', { toUserId: blocked.ben.id })).status).toBe(404);
  });

  it('a block unmatches, hides each from the other everywhere, and can be lifted', async () => {
    const { ana, ben, matchId } = await matched('Mia', 'Ned');
    const anaEnded = collect<Record<string, unknown>>(await socketOf(ana), SocketEvents.matchEnded);
    expect((await ben.api.post('/api/blocks', { userId: ana.id })).body).toEqual({ success: true });
    // the blocked member sees the match go as after an unmatch: nothing says who ended it, or how
    await eventually(() => anaEnded.some((e) => e.matchId === matchId), 10_000, 'match_ended');
    expect(anaEnded).toEqual([{ matchId }]);
    expect((await ben.api.post('/api/blocks', { userId: ana.id })).body).toEqual({ success: true });
    expect((await ana.api.get('/api/matches')).body).toEqual([]);
    await eventually(async () => (await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'hey', messageType: 'text' })).status === 404, 10_000, 'messages refused');
    expect((await ben.api.get('/api/blocks')).body).toEqual([expect.objectContaining({ userId: ana.id, firstName: 'Mia' })]);
    expect((await ana.api.get('/api/blocks')).body).toEqual([]);
    // Ben refuses her as unknown; she is answered as after an unmatch (see 'a block looks like an unmatch')
    expect((await ben.api.post('/api/profile-views', { viewedUserId: ana.id })).status).toBe(404);
    // lifted, nothing else changes: their swipes stand, so neither is in the other's deck again (a
    // member once unmatched cannot come back by a block and an unblock), and the match stays ended
    expect((await ben.api.delete(`/api/blocks/${ana.id}`)).body).toEqual({ success: true });
    expect((await ben.api.get('/api/blocks')).body).toEqual([]);
    const deckOf = async (m: Member) => ((await m.api.get('/api/discovery')).body as { id: string }[]).map((c) => c.id);
    expect(await deckOf(ben)).not.toContain(ana.id);
    expect(await deckOf(ana)).not.toContain(ben.id);
    expect((await ben.api.get('/api/matches')).body).toEqual([]);

    // two who never swiped: a block takes each out of the other's deck, both ways
    const ola = await member('Ola', 'female');
    const pat = await member('Pat', 'male');
    await inDeck(ola, pat);
    await ola.api.post('/api/profile-views', { viewedUserId: pat.id });
    expect((await ola.api.post('/api/blocks', { userId: pat.id })).status).toBe(200);
    expect(await deckOf(ola)).not.toContain(pat.id);
    expect(await deckOf(pat)).not.toContain(ola.id);
    expect((await pat.api.get('/api/profile-views')).body).toEqual([]);
    expect((await ola.api.patch('/api/likes', { toUserId: pat.id })).status).toBe(404);
    // the blocked one's look is answered as any (she only left his deck), and kept nowhere
    expect((await pat.api.post('/api/profile-views', { viewedUserId: ola.id })).status).toBe(200);
    expect((await ola.api.get('/api/profile-views')).body).toEqual([]);
    // only the blocker lifts it
    expect((await pat.api.delete(`/api/blocks/${ola.id}`)).status).toBe(404);
    expect((await ola.api.delete(`/api/blocks/${pat.id}`)).body).toEqual({ success: true });
    expect(await deckOf(pat)).toContain(ola.id);

    expect((await ola.api.post('/api/blocks', { userId: ola.id })).body.message).toBe(Messages.cannotBlockSelf);
    expect((await ola.api.post('/api/blocks', { userId: randomUUID() })).status).toBe(404);
    expect((await ola.api.post('/api/blocks', { userId: 'x' })).status).toBe(400);
  });

  it('a block tells the blocked member what an unmatch would: a match gone, and nothing at all from someone they never matched; the blocker hears the match go once', async () => {
    const pair = async (a: Member, b: Member) => {
      await inDeck(a, b);
      await inDeck(b, a);
      await a.api.patch('/api/likes', { toUserId: b.id });
      const matchId = (await b.api.patch('/api/likes', { toUserId: a.id })).body.match.id as string;
      await eventually(async () => (await a.api.get(`/api/matches/${matchId}/messages`)).status === 200, 10_000, 'the chat room');
      return matchId;
    };
    const ana = await member('Uma', 'female');
    const wes = await member('Wes', 'male');
    const withWes = await pair(ana, wes);
    // Ana has written to Wes once: her notice of their match is read (the witnesses below change nothing of hers)
    const matchNotice = async () => ((await ana.api.get('/api/notifications')).body as NotificationView[]).find((n) => n.type === 'match');
    await eventually(matchNotice, 10_000, 'her notice of the match');
    expect((await ana.api.post(`/api/matches/${withWes}/messages`, { content: 'hello', messageType: 'text' })).status).toBe(201);
    await eventually(async () => (await matchNotice())?.read, 10_000, 'her notice of the match read');
    const heard: [string, unknown][] = [];
    (await socketOf(ana)).onAny((event: string, payload: unknown) => heard.push([event, payload]));
    /** what Ana heard once the ending's events were handled (`handled`): her own message, pushed after them, is the witness */
    const heardAfter = async (handled: () => boolean) => {
      await eventually(handled, 10_000, 'the events handled');
      const id = randomUUID();
      expect((await ana.api.post(`/api/matches/${withWes}/messages`, { id, content: 'witness', messageType: 'text' })).status).toBe(201);
      await eventually(() => heard.some(([event, p]) => event === SocketEvents.newMessage && (p as { message: MessageView }).message.id === id), 10_000, 'the witness');
      return heard.splice(0).filter(([event]) => event !== SocketEvents.newMessage);
    };
    /** what `ender`'s socket hears; once a match of hers, as she heard them come online and heard of the match, she has heard nothing else */
    const listening = async (ender: Member, matched: boolean) => {
      const hears: [string, unknown][] = [];
      (await socketOf(ender)).onAny((event: string, payload: unknown) => hears.push([event, payload]));
      if (matched) {
        await eventually(() => heard.some(([event, p]) => event === SocketEvents.userOnline && (p as { userId: string }).userId === ender.id), 10_000, 'user_online');
        // (the match's notification comes by its own way, the notifications service's: it may come after the presence)
        await eventually(() => heard.some(([event, p]) => event === SocketEvents.notification && (p as NotificationView).type === 'match' && (p as NotificationView).data.fromUserId === ender.id), 10_000, 'her notice of the match');
      }
      heard.splice(0);
      return hears;
    };

    // someone she never matched blocks her: she hears nothing (not who, not that anything happened)
    const carl = await member('Cas', 'male');
    await inDeck(carl, ana);
    const carlHears = await listening(carl, false);
    expect((await carl.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
    expect(await heardAfter(() => carlHears.some(([event, p]) => event === SocketEvents.userOffline && (p as { userId: string }).userId === ana.id))).toEqual([]);

    // a match of hers unmatches, another blocks her: she hears the same of each
    const ben = await member('Bas', 'male');
    const unmatched = await pair(ana, ben);
    const benHears = await listening(ben, true);
    expect((await ben.api.delete(`/api/matches/${unmatched}`)).status).toBe(200);
    // (the match's notification goes either way, whenever the notifications service hears of the end;
    // and the member's presence may be told twice before it: by their socket, and by the new match,
    // whose telling waits for the conversation to open. What counts is what comes with and after the end)
    const ofMatchOrPresence = (events: [string, unknown][]) => {
      const end = events.findIndex(([event]) => event === SocketEvents.matchEnded);
      return events.filter(([event], i) => event !== SocketEvents.notificationsRemoved && !(event === SocketEvents.userOnline && i < end));
    };
    const afterUnmatch = ofMatchOrPresence(await heardAfter(() => benHears.some(([event]) => event === SocketEvents.matchEnded)));
    expect(afterUnmatch).toEqual([[SocketEvents.matchEnded, { matchId: unmatched }], [SocketEvents.userOffline, { userId: ben.id }]]);

    const dan = await member('Dax', 'male');
    const blocked = await pair(ana, dan);
    const danHears = await listening(dan, true);
    const eve = await member('Eve', 'female');
    await inDeck(dan, eve);
    expect((await dan.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
    // his block of someone he never matched, handled after his block of Ana, is the witness on his side
    expect((await dan.api.post('/api/blocks', { userId: eve.id })).status).toBe(200);
    const heardBy = (hears: [string, unknown][], event: string) => hears.filter(([e]) => e === event).map(([, p]) => p);
    const afterBlock = ofMatchOrPresence(
      await heardAfter(() => heardBy(danHears, SocketEvents.matchEnded).length === 1 && heardBy(danHears, SocketEvents.userOffline).some((p) => (p as { userId: string }).userId === eve.id)),
    );
    expect(afterBlock).toEqual([[SocketEvents.matchEnded, { matchId: blocked }], [SocketEvents.userOffline, { userId: dan.id }]]);
    // he hears her go offline once, as after an unmatch (then Eve, the witness)
    expect(heardBy(danHears, SocketEvents.matchEnded)).toEqual([{ matchId: blocked, endedBy: dan.id }]);
    expect(heardBy(danHears, SocketEvents.userOffline)).toEqual([{ userId: ana.id }, { userId: eve.id }]);
  });

  it('tells matches when a member comes online and goes offline, and never others', async () => {
    const { ana, ben } = await matched('Quin', 'Rex');
    const carl = await member('Sid', 'male');
    const anaSocket = await socketOf(ana);
    const online = collect<{ userId: string }>(anaSocket, SocketEvents.userOnline);
    const offline = collect<{ userId: string }>(anaSocket, SocketEvents.userOffline);
    const carlSocket = await socketOf(carl);
    const carlHears = collect(carlSocket, SocketEvents.userOnline);
    const benSocket = await socketOf(ben);
    await eventually(() => online.some((e) => e.userId === ben.id), 10_000, 'user_online');
    expect((await ana.api.get('/api/matches')).body[0]).toMatchObject({ otherUser: { id: ben.id }, online: true });
    // a member coming online learns who of their matches already is
    const benHears = collect<{ userId: string }>(await socketOf(ben), SocketEvents.userOnline);
    await eventually(() => benHears.some((e) => e.userId === ana.id), 10_000, 'the online matches');
    benSocket.disconnect();
    // Ben still has a socket: still online
    await new Promise((r) => setTimeout(r, 300));
    expect(offline).toEqual([]);
    sockets.filter((s) => s.connected && s !== anaSocket && s !== carlSocket).forEach((s) => s.disconnect());
    await eventually(() => offline.some((e) => e.userId === ben.id), 10_000, 'user_offline');
    expect((await ana.api.get('/api/matches')).body[0].online).toBe(false);
    expect(carlHears).toEqual([]);
  });

  it("stores one socket's messages in the order it sent them, even sent back to back", async () => {
    const { ana, ben, matchId } = await matched('Zoe', 'Abe');
    const socket = await socketOf(ana);
    const contents = Array.from({ length: 20 }, (_, i) => `burst ${i}`);
    const acks = await Promise.all(contents.map((content) => emitWithAck<{ message: MessageView }>(socket, SocketEvents.message, { id: randomUUID(), matchId, content, messageType: 'text' })));
    expect(acks.every((a) => a.message)).toBe(true);
    expect((await messagesOf(ben, matchId)).map((m) => m.content)).toEqual(contents);
  });

  it("handles a socket's first calls once it is set up: 'typing…' sent the moment it connects reaches the partner", async () => {
    const { ana, ben, matchId } = await matched('Uma', 'Ivo');
    const typing = collect<{ matchId: string; userId: string }>(await socketOf(ana), SocketEvents.typing);
    // Ben has been away longer than presence lasts (his profile's creation wrote it)
    const presence = gw.gateway.app.get(Presence);
    await eventually(async () => !(await presence.isShown(ben.id)), 10_000, "Ben's presence to lapse");
    // his new socket is connected while his presence choice is still being read
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reading = () => {};
    const settingsRead = new Promise<void>((resolve) => (reading = resolve));
    let typingLooked = () => {};
    const looked = new Promise<void>((resolve) => (typingLooked = resolve));
    let partnerAsked = false;
    interceptRpc(gw, async (subject, payload, send) => {
      if (forMember(ben.id)(payload) && subject === Rpc.profiles.getSettings) {
        reading();
        await gate;
      }
      if (forMember(ben.id)(payload) && subject === Rpc.messaging.partnerIn) partnerAsked = true;
      return send(subject, payload);
    });
    // (the typing asks who Ben's partner is, then whether he shows his presence)
    const isShown = presence.isShown.bind(presence);
    jest.spyOn(presence, 'isShown').mockImplementation((userId) => isShown(userId).finally(() => partnerAsked && userId === ben.id && typingLooked()));
    try {
      const benSocket = await socketOf(ben);
      benSocket.emit(SocketEvents.typing, { matchId });
      const sent = emitWithAck<{ message: MessageView }>(benSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'hi Uma', messageType: 'text' });
      await settingsRead;
      // the typing waits for the setup; handled meanwhile, it would find Ben's choice unwritten
      await Promise.race([looked, new Promise((r) => setTimeout(r, 1000))]);
      release();
      await eventually(() => typing.length === 1, 10_000, 'Ben typing');
      expect(typing).toEqual([{ matchId, userId: ben.id }]);
      expect((await sent).message).toMatchObject({ content: 'hi Uma' });
    } finally {
      release();
    }
  });

  it('hides the presence of a member who does not show it', async () => {
    const { ana, ben } = await matched('Vera', 'Walt');
    expect((await ben.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: false } })).status).toBe(200);
    const online = collect<{ userId: string }>(await socketOf(ana), SocketEvents.userOnline);
    const benHears = collect<{ userId: string }>(await socketOf(ben), SocketEvents.userOnline);
    // Ben still sees Ana; Ana never sees Ben
    await eventually(() => benHears.some((e) => e.userId === ana.id), 10_000, 'Ana online');
    await new Promise((r) => setTimeout(r, 300));
    expect(online).toEqual([]);
    expect((await ana.api.get('/api/matches')).body[0].online).toBe(false);
    expect((await ben.api.get('/api/matches')).body[0].online).toBe(true);
  });

  it("does not tell when a member who hides their presence read: no receipt, no read time on the other's messages ('Seen' would say they were online)", async () => {
    const { ana, ben, matchId } = await matched('Zoe', 'Yann');
    expect((await ben.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: false } })).status).toBe(200);
    const anaReceipts = collect<{ userId: string }>(await socketOf(ana), SocketEvents.messageRead);
    const benReceipts = collect<{ userId: string }>(await socketOf(ben), SocketEvents.messageRead);
    const first = { id: randomUUID(), content: 'Coffee at the crew lounge?', messageType: 'text' };
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, first)).status).toBe(201);
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'In ten minutes', messageType: 'text' })).status).toBe(201);

    // Ben reads: his read is kept (nothing unread for him), and Ana is not told
    const read = await ben.api.post(`/api/matches/${matchId}/read`);
    expect(read.body.readAt).toEqual(expect.any(String));
    expect((await ben.api.get('/api/matches')).body[0].hasUnreadMessages).toBe(false);
    expect((await messagesOf(ben, matchId)).find((m) => m.senderId === ana.id)?.readAt).toEqual(read.body.readAt);
    // Ana, who shows hers, reads after him: Ben hears it, and by then Ana would have heard his
    expect((await ana.api.post(`/api/matches/${matchId}/read`)).body.readAt).toEqual(expect.any(String));
    await eventually(() => benReceipts.some((r) => r.userId === ana.id), 10_000, "Ana's receipt");
    await new Promise((r) => setTimeout(r, 500));
    expect(anaReceipts).toEqual([]);
    expect((await messagesOf(ana, matchId)).map((m) => [m.content, m.readAt])).toEqual([
      ['Coffee at the crew lounge?', null],
      ['In ten minutes', expect.any(String)],
    ]);
    expect((await messagesOf(ben, matchId)).find((m) => m.senderId === ben.id)?.readAt).toEqual(expect.any(String));
    // nor does her message sent again (as an app does after a reconnect), over HTTP or the socket
    const again = await ana.api.post(`/api/matches/${matchId}/messages`, first);
    expect([again.status, again.body.id, again.body.readAt]).toEqual([201, first.id, null]);
    expect((await emitWithAck<{ message: MessageView }>(await socketOf(ana), SocketEvents.message, { ...first, matchId })).message).toMatchObject({ id: first.id, readAt: null });

    // he shows it again: his reads show, as anyone's
    expect((await ben.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: true } })).status).toBe(200);
    expect((await messagesOf(ana, matchId)).find((m) => m.senderId === ana.id)?.readAt).toEqual(read.body.readAt);
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, first)).body.readAt).toEqual(read.body.readAt);
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'See you there', messageType: 'text' })).status).toBe(201);
    await ben.api.post(`/api/matches/${matchId}/read`);
    await eventually(() => anaReceipts.some((r) => r.userId === ben.id), 10_000, "Ben's receipt");
  });

  it('hides a member at once who stops showing their presence while online, on every path, and shows them again', async () => {
    const { ana, ben, matchId } = await matched('Nell', 'Otto');
    // distributed: her sockets are on another gateway than her settings go through (its heartbeat keeps her marks)
    const at = mode === 'distributed' ? (await gw.peer({ PRESENCE_TTL_SECONDS: '3' })).base : base;
    const presence = new Presence(gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv, gw.settings.presenceTtlSeconds);
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const benSocket = await socketOf(ben);
    const benHears = collect<{ userId: string }>(benSocket, SocketEvents.userOnline);
    const benHearsOffline = collect<{ userId: string }>(benSocket, SocketEvents.userOffline);
    const benHearsTyping = collect<{ userId: string }>(benSocket, SocketEvents.typing);
    await eventually(() => presence.isVisiblyOnline(ben.id), 10_000, 'Otto online');
    const anaSocket = await socketOf(ana, at);
    const anaFirstHears = collect<{ userId: string }>(anaSocket, SocketEvents.userOnline);
    await eventually(() => benHears.some((e) => e.userId === ana.id), 10_000, 'Nell online');
    await eventually(() => anaFirstHears.some((e) => e.userId === ben.id), 10_000, 'Otto online for Nell');
    let heard = 0;
    /** the user_online of hers Otto heard after the user_offline of her hiding (what came before it may have been on its way, as the match's presence) */
    const heardOnline = () => benHears.filter((e) => e.userId === ana.id).length - heard;

    // she stops showing it: from the answer on, nothing says she is online
    expect((await ana.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: false } })).status).toBe(200);
    expect((await ben.api.get('/api/matches')).body[0]).toMatchObject({ otherUser: { id: ana.id }, online: false });
    expect(await presence.isVisiblyOnline(ana.id)).toBe(false);
    const later = collect<{ userId: string }>(await socketOf(ben), SocketEvents.userOnline);
    await eventually(() => benHearsOffline.some((e) => e.userId === ana.id), 5_000, 'user_offline');
    heard = benHears.filter((e) => e.userId === ana.id).length;
    // nor once her sockets' marks were refreshed (every second here), a socket of hers connects, or she types
    const second = await socketOf(ana, at);
    anaSocket.emit(SocketEvents.typing, { matchId });
    await wait(2_500);
    expect(later).toEqual([]);
    expect(heardOnline()).toBe(0);
    expect(benHearsTyping).toEqual([]);
    // nor when her choice is missing (a connection that could not read it writes none): a missing choice is not taken for showing
    await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv.del(`presence:shown:${ana.id}`);
    second.emit(SocketEvents.typing, { matchId });
    await wait(500);
    expect(benHearsTyping).toEqual([]);
    await presence.show(ana.id, false);
    expect((await ben.api.get('/api/matches')).body[0].online).toBe(false);
    expect(await presence.isVisiblyOnline(ana.id)).toBe(false);
    await eventually(() => presence.isOnline(ana.id), 5_000, 'Nell still connected');
    // a new match of hers does not hear of her either (she hears of him)
    const cal = await member('Pim', 'male');
    const calHears = collect<{ userId: string }>(await socketOf(cal), SocketEvents.userOnline);
    const anaHears = collect<{ userId: string }>(second, SocketEvents.userOnline);
    await inDeck(ana, cal);
    await inDeck(cal, ana);
    await ana.api.patch('/api/likes', { toUserId: cal.id });
    const liked = await cal.api.patch('/api/likes', { toUserId: ana.id });
    expect(liked.body).toMatchObject({ isMatch: true });
    await eventually(() => anaHears.some((e) => e.userId === cal.id), 10_000, 'Pim online for Nell');
    await eventually(async () => (await cal.api.get(`/api/matches/${liked.body.match.id as string}/messages`)).status === 200, 10_000, 'their chat room');
    await wait(300);
    expect(calHears).toEqual([]);

    // she shows it again: online for her matches at once, as any member
    expect((await ana.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: true } })).status).toBe(200);
    expect((await ben.api.get('/api/matches')).body.find((m: { otherUser: { id: string } }) => m.otherUser.id === ana.id)?.online).toBe(true);
    await eventually(() => heardOnline() >= 1, 5_000, 'user_online again');
    await eventually(() => calHears.some((e) => e.userId === ana.id), 5_000, 'Nell online for Pim');
    second.emit(SocketEvents.typing, { matchId });
    await eventually(() => benHearsTyping.some((e) => e.userId === ana.id), 5_000, 'Nell typing');
    const fresh = collect<{ userId: string }>(await socketOf(ben), SocketEvents.userOnline);
    await eventually(() => fresh.some((e) => e.userId === ana.id), 10_000, 'Nell online for a new socket');

    // a change saved on any other path is applied as well (from its event)
    const offline = benHearsOffline.length;
    await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc.send(Rpc.profiles.updateSettings, { userId: ana.id, settings: { privacy: { showOnline: false } } });
    await eventually(() => benHearsOffline.length > offline, 10_000, 'user_offline from the event');
    expect(await presence.isVisiblyOnline(ana.id)).toBe(false);
  });

  it('tells a match once that a member shows their presence again, however many paths apply it at the same moment', async () => {
    const { ana, ben } = await matched('Lia', 'Max');
    // Kit, Max's other match, is the witness: what Max hears of her comes after what he heard of Lia
    const kit = await member('Kit', 'female');
    for (const [a, b] of [[kit, ben], [ben, kit]] as const) await inDeck(a, b);
    await kit.api.patch('/api/likes', { toUserId: ben.id });
    expect((await ben.api.patch('/api/likes', { toUserId: kit.id })).body).toMatchObject({ isMatch: true });
    const heard: [string, string][] = [];
    (await socketOf(ben)).onAny((event: string, payload: { userId?: string }) => {
      if (event === SocketEvents.userOnline || event === SocketEvents.userOffline) heard.push([event, payload.userId!]);
    });
    await socketOf(ana);
    await socketOf(kit);
    await eventually(() => [ana, kit].every((m) => heard.some(([e, id]) => e === SocketEvents.userOnline && id === m.id)), 10_000, 'both online');
    const realtime = gw.gateway.app.get(RealtimeGateway);
    const rpc = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc;
    /** what Max heard of Lia once her settings' events were applied: Kit's change, saved after hers and applied by its event alone (one consumer, in order), heard */
    const heardOfLia = async (kitShown: boolean) => {
      await rpc.send(Rpc.profiles.updateSettings, { userId: kit.id, settings: { privacy: { showOnline: kitShown } } });
      await eventually(() => heard.some(([e, id]) => e === (kitShown ? SocketEvents.userOnline : SocketEvents.userOffline) && id === kit.id), 10_000, 'the witness');
      return heard.splice(0).filter(([, id]) => id === ana.id);
    };
    const showOnline = (shown: boolean) => ana.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: shown } });
    // what the sockets' arrivals tell has all been heard (one came late in a CI run): quiet for 300 ms
    await eventually(async () => {
      const before = heard.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return heard.length === before;
    }, 10_000, 'the arrivals told');
    heard.splice(0);
    expect((await showOnline(false)).status).toBe(200);
    expect(await heardOfLia(false)).toEqual([[SocketEvents.userOffline, ana.id]]);
    // shown again: the PUT applies it before it answers, its event again
    expect((await showOnline(true)).status).toBe(200);
    expect(await heardOfLia(true)).toEqual([[SocketEvents.userOnline, ana.id]]);
    expect((await showOnline(false)).status).toBe(200);
    expect(await heardOfLia(false)).toEqual([[SocketEvents.userOffline, ana.id]]);
    // the two applications at the same moment (the PUT's on one gateway, the event's on another)
    await Promise.all([realtime.showOnline(ana.id, true), realtime.showOnline(ana.id, true)]);
    expect(await heardOfLia(true)).toEqual([[SocketEvents.userOnline, ana.id]]);
  });

  it('tells the members of a new match at once whether the other is online, as each shows it', async () => {
    const ana = await member('Gia', 'female');
    const ben = await member('Hal', 'male');
    const cal = await member('Ivo', 'male');
    expect((await cal.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: false } })).status).toBe(200);
    // all three are online before they match: their sockets heard of no match when they connected
    const anaHears = collect<{ userId: string }>(await socketOf(ana), SocketEvents.userOnline);
    const benHears = collect<{ userId: string }>(await socketOf(ben), SocketEvents.userOnline);
    const calHears = collect<{ userId: string }>(await socketOf(cal), SocketEvents.userOnline);
    for (const [a, b] of [[ana, ben], [ben, ana], [ana, cal], [cal, ana]] as const) await inDeck(a, b);
    await ana.api.patch('/api/likes', { toUserId: ben.id });
    await ana.api.patch('/api/likes', { toUserId: cal.id });
    await new Promise((r) => setTimeout(r, 300));
    expect([anaHears, benHears, calHears]).toEqual([[], [], []]);

    expect((await ben.api.patch('/api/likes', { toUserId: ana.id })).body).toMatchObject({ isMatch: true });
    expect((await cal.api.patch('/api/likes', { toUserId: ana.id })).body).toMatchObject({ isMatch: true });
    await eventually(() => anaHears.some((e) => e.userId === ben.id), 10_000, 'Ben online for Ana');
    await eventually(() => benHears.some((e) => e.userId === ana.id), 10_000, 'Ana online for Ben');
    await eventually(() => calHears.some((e) => e.userId === ana.id), 10_000, 'Ana online for Ivo');
    // Ivo does not show his presence: Ana never hears of it
    await new Promise((r) => setTimeout(r, 300));
    expect(anaHears.map((e) => e.userId)).toEqual([ben.id]);
    expect(benHears.map((e) => e.userId)).toEqual([ana.id]);
    const listed = (await ana.api.get('/api/matches')).body as { otherUser: { id: string }; online: boolean }[];
    expect(Object.fromEntries(listed.map((m) => [m.otherUser.id, m.online]))).toEqual({ [ben.id]: true, [cal.id]: false });
  });

  /**
   * A new match's presence telling reads the members' presence once messaging has opened their
   * conversation: in a test that holds the telling at a later step, its look at the conversation of
   * the pair `matched` waits until messaging has made it (the test then holds what it means to,
   * whichever of the gateway and messaging hears of the match first)
   */
  const conversationFirst = async (matched: string[], asked: string, payload: unknown) => {
    if (asked !== Rpc.messaging.partnerIn || !matched.includes((payload as { userId: string }).userId)) return;
    const made = async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.chat_rooms WHERE member_ids @> $1::uuid[]', [matched])).length > 0;
    await eventually(made, 10_000, 'the conversation made');
  };

  /**
   * The gateway's next read of `subject` for one of `userIds` (messaging's partners, discovery's
   * matches) is made, then its answer held until `release`: what an end (unmatch, block) told
   * meanwhile finds the presence telling between its read and its sends. `read()` resolves once the
   * read has answered (or failed), and fails after 15 s without it. `thenFails`: the next such read after it fails (messaging or discovery down).
   * Later reads are made as usual (the spy goes after each test). `matched`: the pair about to
   * match, whose telling is to be held there (see conversationFirst).
   */
  const holdRead = (subject: string, userIds: string[], { thenFails = false, matched = [] as string[] } = {}) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    let readDone = false;
    interceptRpc(gw, async (asked, payload, send) => {
      await conversationFirst(matched, asked, payload);
      if (asked !== subject || !userIds.includes((payload as { userId: string }).userId) || reads === (thenFails ? 2 : 1)) return send(asked, payload);
      reads += 1;
      if (reads === 2) throw new Error('read failed (the test)');
      // the read is told done even when it failed (an RPC timing out on a loaded machine): the test
      // goes on and says what did not happen, instead of waiting for it until Jest's timeout
      const answer = await send(asked, payload).finally(() => (readDone = true));
      await gate;
      return answer;
    });
    // a read that never comes (made elsewhere than intercepted) fails the test at once, naming it
    return { read: () => eventually(() => readDone, 15_000, `a ${subject} read of ${userIds.join(', ')}`), release };
  };
  const holdPartnersRead = (userId: string, options?: { thenFails?: boolean }) => holdRead(Rpc.messaging.partners, [userId], options);
  const lastWordOn = (heard: ['online' | 'offline', string][], userId: string) => heard.filter(([, who]) => who === userId).at(-1)?.[0];

  /**
   * Two members online who then match: the new match's telling (each hears the other online) is
   * done before it returns, so no telling of it comes later
   */
  const matchedOnline = async (a: string, b: string) => {
    const [ana, ben] = [await member(a, 'female'), await member(b, 'male')];
    const [anaSocket, benSocket] = [await socketOf(ana), await socketOf(ben)];
    const [anaHears, benHears] = [presenceOf(anaSocket), presenceOf(benSocket)];
    await inDeck(ana, ben);
    await inDeck(ben, ana);
    await ana.api.patch('/api/likes', { toUserId: ben.id });
    const matchId = (await ben.api.patch('/api/likes', { toUserId: ana.id })).body.match.id as string;
    await eventually(() => lastWordOn(anaHears, ben.id) === 'online' && lastWordOn(benHears, ana.id) === 'online', 10_000, 'the match told');
    return { ana, ben, matchId, anaSocket, benHears };
  };

  it('a socket closed while it is being marked online leaves its member offline (never kept alive by the heartbeat)', async () => {
    const { ana, ben } = await matched('Gia', 'Hal');
    const presence = gw.gateway.app.get(Presence);
    const show = presence.show.bind(presence);
    let marking: Promise<unknown> | undefined;
    // the first look at whether Ana shows her presence is slow (a slow Redis): the socket closes meanwhile
    jest.spyOn(presence, 'show').mockImplementation((userId: string, shown: boolean) => {
      if (userId !== ana.id || marking) return show(userId, shown);
      marking = new Promise((r) => setTimeout(r, 700)).then(() => show(userId, shown));
      return marking as ReturnType<typeof show>;
    });
    const socket = await connect(base, ana);
    await eventually(async () => marking !== undefined, 10_000, 'the marking under way');
    socket.disconnect();
    await marking;
    // longer than a presence mark lives (PRESENCE_TTL_SECONDS 3): a mark still there is kept alive
    await new Promise((r) => setTimeout(r, 3_500));
    expect(await presence.isOnline(ana.id)).toBe(false);
    expect(((await ben.api.get('/api/matches')).body as { online: boolean }[]).map((m) => m.online)).toEqual([false]);
  });

  it(`closes a member's socket beyond ${ServerLimits.socketsPerMember} as it connects (never marked online), all at once too, and takes one again once another closed`, async () => {
    const { ana, ben, matchId } = await matched('Kit', 'Lou');
    const presence = gw.gateway.app.get(Presence);
    const open: Socket[] = [];
    for (let i = 1; i <= ServerLimits.socketsPerMember; i++) {
      open.push(await socketOf(ana));
      await eventually(async () => (await presence.openSockets(ana.id)) === i, 10_000, `socket ${i} marked`);
    }
    const everyOpen = open.map((s) => collect<{ message: MessageView }>(s, SocketEvents.newMessage));
    const extra = await socketOf(ana);
    // (closed by the server: it may be before this line runs, as the two packets can come together)
    await eventually(async () => !extra.connected, 10_000, 'the socket beyond the limit closed');
    expect(await presence.openSockets(ana.id)).toBe(ServerLimits.socketsPerMember);
    // the ones kept are hers as before
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'Heard by the twenty', messageType: 'text' })).status).toBe(201);
    await eventually(async () => everyOpen.every((h) => h.length === 1), 10_000, 'every open socket told');
    // one closes: a new one is taken (and stays)
    open[0]!.disconnect();
    await eventually(async () => (await presence.openSockets(ana.id)) === ServerLimits.socketsPerMember - 1, 10_000, 'a socket unmarked');
    const again = await socketOf(ana);
    await eventually(async () => (await presence.openSockets(ana.id)) === ServerLimits.socketsPerMember, 10_000, 'the new socket marked');
    expect(again.connected).toBe(true);

    // all at once (each counting before the others are marked): still no more than the limit stays
    for (const s of [...open, again]) s.disconnect();
    await eventually(async () => (await presence.openSockets(ana.id)) === 0, 10_000, 'her sockets unmarked');
    const burst = await Promise.all([...Array(ServerLimits.socketsPerMember + 10)].map(() => socketOf(ana).catch(() => null)));
    // once the burst has settled (each marked, and those beyond the limit unmarked and closed: on a
    // busy machine that takes a while), the sockets kept are within the limit, and each is marked
    await eventually(
      async () => {
        const kept = burst.filter((s) => s?.connected).length;
        return kept <= ServerLimits.socketsPerMember && (await presence.openSockets(ana.id)) === kept;
      },
      15_000,
      'at most the limit kept, each marked',
    );
  });

  it('a session ended while its socket handshakes does not keep the socket: it hears nothing more', async () => {
    const { ana, ben, matchId } = await matched('Ida', 'Jon');
    const sessions = gw.gateway.app.get(SessionStore);
    const accountFor = sessions.accountFor.bind(sessions);
    let handshaking: (() => void) | undefined;
    const signedOut = new Promise<void>((r) => (handshaking = r));
    // the handshake's session look answers, then waits until the member has signed out elsewhere
    jest.spyOn(sessions, 'accountFor').mockImplementationOnce(async (sid) => {
      const account = await accountFor(sid);
      handshaking?.();
      await new Promise((r) => setTimeout(r, 800));
      return account;
    });
    const pending = connect(base, ana).catch(() => null);
    await signedOut;
    expect((await ana.api.post('/api/auth/logout', {})).status).toBe(200);
    const socket = await pending;
    const heard = socket ? collect<{ message: MessageView }>(socket, SocketEvents.newMessage) : [];
    if (socket) sockets.push(socket);
    await eventually(async () => !socket?.connected, 10_000, 'the socket closed');
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'Said after she signed out', messageType: 'text' })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(heard).toEqual([]);
  });

  it('a match ended while its members are told of each other leaves each seeing the other offline, never online after the end', async () => {
    const [ana, ben] = [await member('Gia', 'female'), await member('Hal', 'male')];
    const anaHears = presenceOf(await socketOf(ana));
    await socketOf(ben);
    await inDeck(ana, ben);
    await inDeck(ben, ana);
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    // the interleaving made certain: the like back held before its commit (discovery's outbox
    // locked), a lock on the candidates asked for behind it, so the new match's telling reads the
    // match and then waits (reading the profiles of the match list); the unmatch is made and told
    // meanwhile, then the telling goes on
    const waiting = (where: string) => waitingOnLock(gw, where);
    const [outbox, candidates] = [new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') }), new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') })];
    await outbox.connect();
    await candidates.connect();
    let outboxHeld = false;
    let candidatesHeld = false;
    // (the telling held at its read of the match, not before it: see conversationFirst)
    interceptRpc(gw, async (asked, payload, send) => {
      await conversationFirst([ana.id, ben.id], asked, payload);
      return send(asked, payload);
    });
    try {
      await outbox.query('BEGIN');
      await outbox.query('LOCK TABLE discovery.outbox IN SHARE MODE');
      outboxHeld = true;
      const likingBack = ben.api.patch('/api/likes', { toUserId: ana.id });
      await eventually(async () => (await waiting(`application_name = 'aero-discovery' AND query ILIKE 'INSERT INTO %outbox%'`)) === 1, 10_000, 'the like back held');
      await candidates.query('BEGIN');
      candidatesHeld = true;
      const locked = candidates.query('LOCK TABLE discovery.candidates IN ACCESS EXCLUSIVE MODE');
      await eventually(async () => (await waiting(`query ILIKE 'LOCK TABLE discovery.candidates%'`)) === 1, 10_000, "the test's lock asked for");
      await outbox.query('COMMIT');
      outboxHeld = false;
      await locked;
      const matchId = ((await likingBack).body as { match: { id: string } }).match.id;
      await eventually(async () => (await waiting(`query ILIKE '%FROM discovery.candidates c WHERE user_id = ANY%'`)) === 1, 10_000, "the telling's read waiting");
      const unmatched = await ben.api.delete(`/api/matches/${matchId}`);
      expect({ status: unmatched.status, body: unmatched.body }).toEqual({ status: 200, body: { success: true } });
      await eventually(() => anaHears.some(([what, who]) => what === 'offline' && who === ben.id), 10_000, 'the end told');
    } finally {
      if (outboxHeld) await outbox.query('COMMIT');
      if (candidatesHeld) await candidates.query('COMMIT');
      await outbox.end();
      await candidates.end();
    }
    const ended = anaHears.findIndex(([what, who]) => what === 'offline' && who === ben.id);
    await eventually(() => anaHears.slice(ended).some(([what]) => what === 'online'), 10_000, 'the match told once it had ended');
    // the last word on Ben's presence Ana hears is offline
    await eventually(() => anaHears.filter(([, who]) => who === ben.id).at(-1)?.[0] === 'offline', 5_000, 'Ben offline for Ana at last');
  });

  it.each([
    ['its partners read again', false],
    ['its partners not readable again (messaging failing: all told hear offline)', true],
  ])('a match ended while a connecting member is told to their partners leaves each seeing the other offline, never online after the end (%s)', async (_, thenFails) => {
    const { ana, ben, matchId, anaSocket, benHears } = await matchedOnline('Ola', 'Per');
    // Ola's last socket closes (Per hears it: their conversation is open), then she connects again:
    // her partners read (Per among them), the telling held there; Per unmatches and is told
    // meanwhile, then the telling goes on
    anaSocket.disconnect();
    await eventually(() => lastWordOn(benHears, ana.id) === 'offline', 10_000, 'Ola offline');
    const told = benHears.length;
    const held = holdPartnersRead(ana.id, { thenFails });
    let anaHears: ['online' | 'offline', string][] = [];
    try {
      const connecting = socketOf(ana).then((s) => (anaHears = presenceOf(s)));
      await held.read();
      await connecting;
      expect((await ben.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
      await eventually(() => benHears.length > told, 10_000, 'the end told');
    } finally {
      held.release();
    }
    await eventually(() => benHears.slice(told).some(([what]) => what === 'online'), 10_000, 'the telling done');
    // the last word each hears on the other's presence is offline (or none)
    await eventually(() => lastWordOn(benHears, ana.id) === 'offline' && lastWordOn(anaHears, ben.id) !== 'online', 5_000, 'each offline for the other at last');
  });

  it('a match ended while its members are told of each other, the match not readable again (discovery failing), leaves each seeing the other offline', async () => {
    const [ana, ben] = [await member('Wen', 'female'), await member('Xan', 'male')];
    const [anaHears, benHears] = [presenceOf(await socketOf(ana)), presenceOf(await socketOf(ben))];
    await inDeck(ana, ben);
    await inDeck(ben, ana);
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    // the new match's telling reads it (held there), Xan unmatches and is told meanwhile, the
    // telling goes on and its second read of the match fails
    const held = holdRead(Rpc.discovery.listMatches, [ana.id, ben.id], { thenFails: true, matched: [ana.id, ben.id] });
    try {
      const matchId = ((await ben.api.patch('/api/likes', { toUserId: ana.id })).body as { match: { id: string } }).match.id;
      await held.read();
      expect((await ben.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
      await eventually(() => lastWordOn(anaHears, ben.id) === 'offline' && lastWordOn(benHears, ana.id) === 'offline', 10_000, 'the end told');
    } finally {
      held.release();
    }
    const toldOnline = (heard: typeof anaHears, who: string) => heard.some(([what, id]) => what === 'online' && id === who);
    await eventually(() => toldOnline(anaHears, ben.id) && toldOnline(benHears, ana.id), 10_000, 'the telling done');
    await eventually(() => lastWordOn(anaHears, ben.id) === 'offline' && lastWordOn(benHears, ana.id) === 'offline', 5_000, 'each offline for the other at last');
  });

  it('a match ended while a member showing their presence again is told to their partners leaves them offline for the other', async () => {
    const { ana, ben, matchId, benHears } = await matchedOnline('Ria', 'Sven');
    expect((await ana.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: false } })).status).toBe(200);
    await eventually(() => lastWordOn(benHears, ana.id) === 'offline', 10_000, 'Ria hidden');
    // (the settings event's application of it too: it tells nothing more)
    await new Promise((r) => setTimeout(r, 300));
    const told = benHears.length;
    // Ria shows herself again: her partners read (Sven among them), the telling held there; Sven
    // unmatches and is told meanwhile, then the telling goes on
    const held = holdPartnersRead(ana.id);
    let showing: Promise<{ status: number }> | undefined;
    try {
      showing = ana.api.request('PUT', '/api/users/me/settings', { privacy: { showOnline: true } });
      await held.read();
      expect((await ben.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
      await eventually(() => benHears.length > told, 10_000, 'the end told');
    } finally {
      held.release();
    }
    expect((await showing).status).toBe(200);
    await eventually(() => benHears.slice(told).some(([what]) => what === 'online'), 10_000, 'the telling done');
    await eventually(() => lastWordOn(benHears, ana.id) === 'offline', 5_000, 'Ria offline for Sven at last');
  });

  it("ends a deleted account's matches for its partners at once, as an unmatch does", async () => {
    const { ana, ben, matchId } = await matched('Erin', 'Bo');
    await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'see you', messageType: 'text' });
    // Bo has the conversation open
    const benSocket = await socketOf(ben);
    const ended = collect<{ matchId: string; endedBy?: string }>(benSocket, SocketEvents.matchEnded);
    const offline = collect<{ userId: string }>(benSocket, SocketEvents.userOffline);
    expect((await ana.api.delete(`/api/users/${ana.id}`)).status).toBe(200);
    await eventually(() => ended.some((e) => e.matchId === matchId), 10_000, 'match_ended');
    expect(ended.find((e) => e.matchId === matchId)).toEqual({ matchId });
    expect(offline.some((e) => e.userId === ana.id)).toBe(true);
    expect((await ben.api.get('/api/matches')).body).toEqual([]);
    expect((await ben.api.get(`/api/matches/${matchId}/messages`)).status).toBe(404);
    // messaging, hearing that end, keeps no room naming the deleted account
    const [end] = await gw.query<{ id: string }>('discovery', `SELECT id FROM discovery.outbox WHERE subject = 'discovery.match.ended' AND payload->>'matchId' = $1`, [matchId]);
    const heard = async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.inbox WHERE event_id = $1 AND consumer = $2', [end!.id, 'messaging.close-chat-room-when-match-ended'])).length === 1;
    await eventually(heard, 10_000, 'messaging to hear the end');
    await eventually(async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.chat_rooms WHERE $1 = ANY(member_ids)', [ana.id])).length === 0, 10_000, "the deleted account's rooms to go");
  });

  /** `from` uploads a voice clip and sends it in the match: its upload address and the message */
  async function sendClip(from: Member, matchId: string) {
    const { uploadURL } = (await from.api.post('/api/objects/upload')).body as { uploadURL: string };
    await fetch(uploadURL, { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } });
    await from.api.put('/api/message-attachments', { attachmentUrl: uploadURL, messageType: 'voice' });
    const clip = (await from.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'voice', attachmentUrl: uploadURL, attachmentDuration: 2 })).body as MessageView;
    return { uploadURL, clip };
  }

  it("deletes a deleted account's conversations and attachments", async () => {
    const { ana, ben, matchId } = await matched('Xena', 'Yuri');
    const { clip } = await sendClip(ben, matchId);
    const signed = (await openAttachment(ana, clip.attachmentUrl!)).headers.get('location')!;
    expect((await fetch(signed)).status).toBe(200);
    expect((await ben.api.delete(`/api/users/${ben.id}`)).status).toBe(200);
    await eventually(async () => (await ana.api.get(`/api/matches/${matchId}/messages`)).status === 404, 10_000, 'the conversation to go');
    expect((await openAttachment(ana, clip.attachmentUrl!)).status).toBe(404);
    // and the stored clip with it: the signed URL handed out before (minutes still to run) finds nothing
    await eventually(async () => (await fetch(signed)).status === 404, 10_000, 'the clip to go');
    // discovery hears of the deletion through its own consumer
    await eventually(async () => ((await ana.api.get('/api/matches')).body as unknown[]).length === 0, 10_000, 'the match to go');
  });

  it("deletes what a partner sent into a deleted account's conversations: nobody can open it any more", async () => {
    const { ana, ben, matchId } = await matched('Zoe', 'Abe');
    const { uploadURL, clip } = await sendClip(ana, matchId);
    const signed = (await openAttachment(ben, clip.attachmentUrl!)).headers.get('location')!;
    expect((await fetch(signed)).status).toBe(200);
    const key = attachmentKeyFrom(uploadURL)!.key;
    expect(await gw.query('messaging', 'SELECT 1 FROM messaging.attachments WHERE key = $1', [key])).toHaveLength(1);
    // Abe, who received it, deletes his account: Zoe's clip goes with the conversation
    expect((await ben.api.delete(`/api/users/${ben.id}`)).status).toBe(200);
    await eventually(async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.attachments WHERE key = $1', [key])).length === 0, 10_000, 'the attachment forgotten');
    await eventually(async () => (await fetch(signed)).status === 404, 10_000, 'the stored clip to go');
    expect(await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).storage.stat(checkedAttachmentKey(key))).toBeNull();
  });

  if (mode === 'distributed') {
    it('delivers across gateways, and a gateway killed mid-conversation loses nothing', async () => {
      const { ana, ben, matchId } = await matched('Tia', 'Ugo');
      const peer = await gw.peer({ PRESENCE_TTL_SECONDS: '3' });
      const anaSocket = await socketOf(ana);
      const benSocket = await socketOf(ben, peer.base);
      const benGot = collect<{ message: MessageView }>(benSocket, SocketEvents.newMessage);
      const anaOnline = collect<{ userId: string }>(anaSocket, SocketEvents.userOnline);
      await eventually(() => anaOnline.some((e) => e.userId === ben.id), 10_000, 'Ben online through the other gateway');
      const first = await emitWithAck<{ message: MessageView }>(anaSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'one', messageType: 'text' });
      await eventually(() => benGot.some((p) => p.message.id === first.message.id), 10_000, 'the message on gateway B');

      // B dies; Ana goes on writing; Ben's client reconnects (to A) and refetches
      await peer.gateway.close();
      for (const content of ['two', 'three']) await ana.api.post(`/api/matches/${matchId}/messages`, { content, messageType: 'text' });
      const back = await socketOf(ben);
      const backGot = collect<{ message: MessageView }>(back, SocketEvents.newMessage);
      // the message Ben had queued while disconnected is resent with its id: once, in order
      const queued = randomUUID();
      await emitWithAck(back, SocketEvents.message, { id: queued, matchId, content: 'four', messageType: 'text' });
      await emitWithAck(back, SocketEvents.message, { id: queued, matchId, content: 'four', messageType: 'text' });
      await eventually(() => backGot.some((p) => p.message.id === queued), 10_000, 'the echo');
      expect((await messagesOf(ben, matchId)).map((m) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    });
  }
});

describe('chat rate limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('single-node', { DEMO_SEED: 'false', RATE_LIMIT_MESSAGES: '3', RATE_LIMIT_READS: '3', RATE_LIMIT_CONNECTIONS: '4' });
  });
  afterAll(() => gw?.close());

  it('stops a member who sends more than the limit, over HTTP and the socket together', async () => {
    const { ana, ben, matchId } = await matchedPair(gw.base);
    for (let i = 0; i < 2; i++) expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: `m${i}`, messageType: 'text' })).status).toBe(201);
    const socket = await connect(gw.base, ana, gw.base);
    try {
      expect(await emitWithAck<{ message: MessageView }>(socket, SocketEvents.message, { matchId, content: 'm2', messageType: 'text' })).toHaveProperty('message');
      expect(await emitWithAck(socket, SocketEvents.message, { matchId, content: 'm3', messageType: 'text' })).toEqual({ error: Messages.rateLimited });
      const http = await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'm4', messageType: 'text' });
      expect(http.status).toBe(429);
      // as every limit answers: when to come back
      expect(http.body).toMatchObject({ code: 'rate_limited', message: Messages.rateLimited });
      expect(Number(http.headers.get('retry-after'))).toBeGreaterThan(0);
      // the other member is not limited by Ana's sending
      expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'hi', messageType: 'text' })).status).toBe(201);
    } finally {
      socket.disconnect();
    }
  });

  it('stops a member who opens connection after connection (each would tell their matches she came online): her partner hears of it a bounded number of times', async () => {
    const { ana, ben } = await matchedPair(gw.base);
    const presence = new Presence(gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv, gw.settings.presenceTtlSeconds);
    const benSocket = await connect(gw.base, ben, gw.base);
    // (the match's own telling may come on top of any of them)
    const benHears = collect<{ userId: string }>(benSocket, SocketEvents.userOnline);
    const heard = () => benHears.filter((e) => e.userId === ana.id).length;
    try {
      for (let i = 1; i <= 4; i++) {
        const before = heard();
        const socket = await connect(gw.base, ana, gw.base);
        await eventually(() => heard() > before, 10_000, `Ana online (${i})`);
        socket.disconnect();
        await eventually(async () => !(await presence.isOnline(ana.id)), 10_000, `Ana offline (${i})`);
      }
      const told = heard();
      await expect(connect(gw.base, ana, gw.base)).rejects.toThrow(Messages.rateLimited);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard()).toBe(told);
      expect(await presence.isOnline(ana.id)).toBe(false);
      // another member is not held back by her count
      (await connect(gw.base, ben, gw.base)).disconnect();
    } finally {
      benSocket.disconnect();
    }
  });

  it('stops a member who marks conversations read more than the limit, over HTTP and the socket together (each is a write)', async () => {
    const { ana, ben, matchId } = await matchedPair(gw.base);
    for (let i = 0; i < 2; i++) expect((await ana.api.post(`/api/matches/${matchId}/read`)).status).toBe(200);
    const socket = await connect(gw.base, ana, gw.base);
    try {
      expect(await emitWithAck(socket, SocketEvents.messageRead, { matchId })).not.toHaveProperty('error');
      expect(await emitWithAck(socket, SocketEvents.messageRead, { matchId })).toEqual({ error: Messages.rateLimited });
      const http = await ana.api.post(`/api/matches/${matchId}/read`);
      expect([http.status, http.body.code]).toEqual([429, 'rate_limited']);
      expect(Number(http.headers.get('retry-after'))).toBeGreaterThan(0);
      // nor is the other member limited by Ana's reading
      expect((await ben.api.post(`/api/matches/${matchId}/read`)).status).toBe(200);
    } finally {
      socket.disconnect();
    }
  });
});
