import { Events, Messages, type MessageSentEvent, type MessagesReadEvent, type NotificationView, SocketEvents } from '@aero/contracts';
import { eventually } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { createMember, inDeck, type Member, matchedPair } from './support/members.js';
import { waitingOnLock } from './support/lock-waits.js';
import { indexedPlan } from './support/query-plan.js';
import { collect, connect } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The Activity feed through the real gateway in both runtime modes: likes, matches and messages
 * become notifications for the right member only, pushed live, paged, counted, marked read by
 * their owner only, never twice for a redelivered event, and never between a blocked pair.
 */
describe.each(GATEWAY_MODES)('activity (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { DEMO_SEED: 'false' });
    base = gw.base;
  });
  afterAll(() => gw?.close());

  const feed = async (m: Member, query = '') => (await m.api.get(`/api/notifications${query}`)).body as NotificationView[];
  const unread = async (m: Member) => (await m.api.get('/api/notifications/unread-count')).body.count as number;
  /** the member's notifications once `count` of `type` have arrived */
  const arrived = (m: Member, type: string, count = 1) => eventually(async () => ((await feed(m)).filter((n) => n.type === type).length >= count ? feed(m) : undefined), 10_000, `${count} ${type}`);

  it('tells the recipient of a message, by the sender’s name, and never the sender; pushes it live', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Maya', 'Noah');
    const socket = await connect(base, ben);
    const pushed = collect<NotificationView>(socket, SocketEvents.notification);
    try {
      await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'Coffee at DFW?', messageType: 'text' });
      const notes = await arrived(ben, 'message');
      expect(notes.find((n) => n.type === 'message')).toMatchObject({ title: 'New message from Maya', message: 'Coffee at DFW?', read: false, data: { matchId, fromUserId: ana.id } });
      await eventually(() => pushed.some((n) => n.type === 'message'), 10_000, 'the live push');
      expect((await feed(ana)).filter((n) => n.type === 'message')).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });

  it("keeps no notification of a member whose account is deleted while it is being made: the deletion waits for it, then removes it", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Vera', 'Walt');
    await arrived(ben, 'match');
    // the interleaving made certain: the message's notification is held before its commit
    // (notifications' outbox waits for the test) while Vera's deletion is heard
    const outbox = new pg.Client({ connectionString: gw.settings.databaseUrl('notifications') });
    await outbox.connect();
    const deletedHeard = async () => {
      const [deleted] = await gw.query<{ id: string }>('identity', `SELECT id FROM identity.outbox WHERE subject = $1 AND payload->>'accountId' = $2`, [Events.identity.accountDeleted, ana.id]);
      return !!deleted && (await gw.query('notifications', 'SELECT 1 FROM notifications.inbox WHERE event_id = $1 AND consumer = $2', [deleted.id, 'notifications.forget-user-when-account-deleted'])).length === 1;
    };
    const waiting = () => waitingOnLock(gw, `application_name = 'aero-notifications'`);
    try {
      await outbox.query('BEGIN');
      await outbox.query('LOCK TABLE notifications.outbox IN SHARE MODE');
      expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'Still up?', messageType: 'text' })).status).toBe(201);
      await eventually(async () => (await waiting()) >= 1, 10_000, "the message's notification held");
      expect((await ana.api.delete(`/api/users/${ana.id}`)).status).toBeLessThan(300);
      // the deletion waits too (for the notification), or went past it unseen
      await eventually(async () => (await waiting()) >= 2 || (await deletedHeard()), 15_000, 'the deletion heard or waiting');
    } finally {
      await outbox.query('COMMIT');
      await outbox.end();
    }
    await eventually(deletedHeard, 15_000, 'the deletion heard');
    expect((await feed(ben)).filter((n) => n.data.fromUserId === ana.id)).toEqual([]);
  });

  it('pages the feed newest first, counts unread, and marks read for the owner only', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Lena', 'Omar');
    await arrived(ben, 'match');
    for (let i = 1; i <= 54; i++) await ana.api.post(`/api/matches/${matchId}/messages`, { content: `m${i}`, messageType: 'text' });
    // 54 messages and the welcome: 55 unread (the like is read with the match; the match, which his like made, is read), 57 in all
    await eventually(async () => (await unread(ben)) === 55, 15_000, '55 unread');
    await eventually(async () => (await gw.query('notifications', `SELECT 1 FROM notifications.notifications WHERE user_id = $1 AND type = 'like'`, [ben.id])).length === 1, 10_000, "Lena's like");
    const first = await feed(ben);
    expect(first).toHaveLength(50);
    expect(first[0]).toMatchObject({ type: 'message', message: 'm54' });
    const rest = await feed(ben, `?before=${first[49]!.id}`);
    expect(rest.map((n) => n.type)).toEqual(['message', 'message', 'message', 'message', 'match', 'like', 'other']);
    expect(new Set([...first, ...rest].map((n) => n.id)).size).toBe(57);
    expect((await ana.api.get(`/api/notifications?before=${first[0]!.id}`)).status).toBe(404);
    expect((await ben.api.get('/api/notifications?before=nope')).status).toBe(400);

    expect((await ana.api.patch(`/api/notifications/${first[0]!.id}/read`)).status).toBe(404);
    expect((await ben.api.patch(`/api/notifications/${first[0]!.id}/read`)).body).toEqual({ read: true });
    expect(await unread(ben)).toBe(54);
    expect((await feed(ben))[0]!.read).toBe(true);
  });

  it("marks a reader's notifications of a conversation's messages and of its match read when they read it, keeps them listed, and tells the reader", async () => {
    // Ben's like answered Erin's: the match is news to her
    const { ana: erin, ben, matchId } = await matchedPair(base, 'Erin', 'Ben');
    await arrived(ben, 'match');
    for (const content of ['one', 'two', 'three']) await ben.api.post(`/api/matches/${matchId}/messages`, { content, messageType: 'text' });
    await arrived(erin, 'message', 3);
    await arrived(erin, 'match');
    // the welcome, the match and three messages
    expect(await unread(erin)).toBe(5);
    const socket = await connect(base, erin);
    const told = collect(socket, SocketEvents.notificationsRead);
    try {
      // Erin has the conversation open: it is read, and so is the match it is the conversation of
      expect((await erin.api.post(`/api/matches/${matchId}/read`, {})).status).toBe(200);
      await eventually(async () => (await unread(erin)) === 1, 10_000, 'the conversation’s notifications to be read');
      await eventually(() => told.length === 1, 10_000, 'notifications_read');
    } finally {
      socket.disconnect();
    }
    const conversation = (await feed(erin)).filter((n) => n.type === 'message' || n.type === 'match');
    expect(conversation.map((n) => [n.type, n.message, n.read])).toEqual([
      ['message', 'three', true],
      ['message', 'two', true],
      ['message', 'one', true],
      ['match', expect.stringContaining('Ben'), true],
    ]);
    // Ben's own are his: his welcome is unread still; his match is read (his like made it), and Erin's like with it
    expect((await feed(ben)).filter((n) => !n.read).map((n) => n.type)).toEqual(['other']);
    // a message after the read is news again
    await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'four', messageType: 'text' });
    await arrived(erin, 'message', 4);
    expect(await unread(erin)).toBe(2);
  });

  it("marks what a member was told of a match read once they write into it, tells them, and leaves the other member's and other matches' alone", async () => {
    // Gus's like answered Fay's: the match is news to her, not to him
    const { ana: fay, ben: gus, matchId } = await matchedPair(base, 'Fay', 'Gus');
    const other = await matchedPair(base, 'Hana', 'Ivo');
    await arrived(fay, 'match');
    await arrived(gus, 'match');
    await arrived(other.ana, 'match');
    const socket = await connect(base, fay);
    const told = collect(socket, SocketEvents.notificationsRead);
    try {
      // Fay opens the conversation from Messages (nothing to read in it) and writes
      expect((await fay.api.post(`/api/matches/${matchId}/messages`, { content: 'Hi Gus!', messageType: 'text' })).status).toBe(201);
      await eventually(async () => (await feed(fay)).find((n) => n.type === 'match')?.read === true, 10_000, "Fay's match read by her writing");
      await eventually(() => told.length === 1, 10_000, 'notifications_read');
    } finally {
      socket.disconnect();
    }
    // her message is news to Gus
    await arrived(gus, 'message');
    expect((await feed(gus)).filter((n) => !n.read).map((n) => n.type).sort()).toEqual(['message', 'other']);
    // Fay, writing to Gus, reads nothing of another match (someone else's ids in her call are refused)
    expect((await fay.api.post(`/api/matches/${other.matchId}/messages`, { content: 'hi', messageType: 'text' })).status).toBe(404);
    expect((await feed(other.ana)).find((n) => n.type === 'match')).toMatchObject({ read: false });
  });

  it("marks what a member was told of a match read once they open its conversation with nothing in it yet, tells them, and tells the other member nothing", async () => {
    // Lia's like answered Kai's: the match is news to him
    const { ana: kai, ben: lia, matchId } = await matchedPair(base, 'Kai', 'Lia');
    const other = await matchedPair(base, 'Mo', 'Nia');
    await arrived(kai, 'match');
    await arrived(other.ana, 'match');
    const kaiSocket = await connect(base, kai);
    const liaSocket = await connect(base, lia);
    const told = collect(kaiSocket, SocketEvents.notificationsRead);
    const receipts = collect<{ readAt: string | null }>(liaSocket, SocketEvents.messageRead);
    try {
      // Kai opens the new match's conversation: nothing in it to read, but he has seen the match
      expect((await kai.api.post(`/api/matches/${matchId}/read`, {})).body).toEqual({ success: true, readAt: null });
      await eventually(async () => (await feed(kai)).find((n) => n.type === 'match')?.read === true, 10_000, "Kai's match read by his opening it");
      await eventually(() => told.length === 1, 10_000, 'notifications_read');
      // opened again (a second call, a replay, a burst by the API and the socket): nothing more is read, nothing more is told,
      // and the opening is heard of once (each opening would be an event for the notifications service to handle)
      expect((await kai.api.post(`/api/matches/${matchId}/read`, {})).body).toEqual({ success: true, readAt: null });
      const again = [...Array(5)].map(() => kai.api.post(`/api/matches/${matchId}/read`, {}));
      const bySocket = [...Array(5)].map(() => kaiSocket.timeout(10_000).emitWithAck(SocketEvents.messageRead, { matchId }));
      for (const answer of await Promise.all(again)) expect(answer.body).toEqual({ success: true, readAt: null });
      for (const answer of await Promise.all(bySocket)) expect(answer).toEqual({ success: true, readAt: null });
      const openings = await gw.query('messaging', `SELECT 1 FROM messaging.outbox WHERE subject = $1 AND payload->>'matchId' = $2`, [Events.messaging.conversationOpened, matchId]);
      expect(openings).toHaveLength(1);
      // Lia's message is news to him all the same (handled after the second opening, in order)
      await lia.api.post(`/api/matches/${matchId}/messages`, { content: 'Hi Kai!', messageType: 'text' });
      await arrived(kai, 'message');
      expect(told).toHaveLength(1);
      expect((await feed(kai)).filter((n) => !n.read).map((n) => n.type).sort()).toEqual(['message', 'other']);
      // Lia hears of his reading it (after the opening, in order), and of nothing before
      await kai.api.post(`/api/matches/${matchId}/read`, {});
      await eventually(() => receipts.length > 0, 10_000, 'the read receipt');
      expect(receipts).toEqual([{ matchId, userId: kai.id, readAt: expect.any(String) }]);
    } finally {
      kaiSocket.disconnect();
      liaSocket.disconnect();
    }
    // Mo, opening Kai's conversation, reads nothing (someone else's id, a malformed or an encoded one, is refused); his own match stays unread
    for (const path of [`/api/matches/${matchId}/read`, '/api/matches/not-a-uuid/read', `/api/matches/${encodeURIComponent(other.matchId)}%2F..%2F${matchId}/read`]) {
      expect((await other.ana.api.post(path, {})).status).toBe(404);
    }
    expect((await feed(other.ana)).find((n) => n.type === 'match')).toMatchObject({ read: false });
  });

  it("reads what each of a new match was told of the other's likes (the match says it all), and tells them; others' likes stay unread", async () => {
    const [ana, ben, cleo] = [await createMember(base, 'Ana', 'female'), await createMember(base, 'Ben', 'male'), await createMember(base, 'Cleo', 'female')];
    for (const [a, b] of [[ana, ben], [ben, ana], [cleo, ben]] as const) await inDeck(a, b);
    expect((await ana.api.post('/api/super-like', { toUserId: ben.id })).status).toBe(200);
    expect((await cleo.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    await arrived(ben, 'like');
    await arrived(ben, 'super_like');
    const socket = await connect(base, ben);
    const told = collect(socket, SocketEvents.notificationsRead);
    try {
      expect((await ben.api.patch('/api/likes', { toUserId: ana.id })).body).toMatchObject({ isMatch: true });
      await arrived(ben, 'match');
      await eventually(async () => (await feed(ben)).find((n) => n.type === 'super_like')?.read === true, 10_000, "Ana's super like read");
      await eventually(() => told.length >= 1, 10_000, 'notifications_read');
    } finally {
      socket.disconnect();
    }
    const feedOfBen = await feed(ben);
    expect(feedOfBen.find((n) => n.type === 'like')).toMatchObject({ title: 'Cleo liked you', read: false });
    // his like made the match: its answer told him ('It's a Match!'); Ana's like was answered, the match is news to her
    expect(feedOfBen.find((n) => n.type === 'match')).toMatchObject({ read: true });
    expect((await arrived(ana, 'match')).find((n) => n.type === 'match')).toMatchObject({ title: "It's a match with Ben!", read: false });
  });

  it('never makes a second notification for a redelivered event', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Pia', 'Quin');
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const payload: MessageSentEvent = {
      recipientId: ben.id,
      message: { id: randomUUID(), matchId, senderId: ana.id, content: 'once', messageType: 'text', attachmentKey: null, attachmentDuration: null, attachmentWidth: null, attachmentHeight: null, createdAt: new Date().toISOString(), readAt: null },
    };
    const event = { id: randomUUID(), subject: Events.messaging.messageSent, schemaVersion: 1, occurredAt: new Date().toISOString(), payload };
    await bus.publish([event]);
    await bus.publish([event]);
    await arrived(ben, 'message');
    await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'marker', messageType: 'text' });
    const notes = await arrived(ben, 'message', 2);
    expect(notes.filter((n) => n.type === 'message').map((n) => n.message)).toEqual(['marker', 'once']);
  });

  it('takes an id written in capitals as the same id: a block by it forgets the same notifications, and oneself is still oneself', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Uma', 'Vic');
    expect((await ana.api.post(`/api/matches/${matchId.toUpperCase()}/messages`, { content: 'hi', messageType: 'text' })).status).toBe(201);
    await arrived(ben, 'message');
    expect((await ana.api.post('/api/blocks', { userId: ana.id.toUpperCase() })).body).toMatchObject({ statusCode: 400, message: Messages.cannotBlockSelf });
    expect((await ben.api.post('/api/blocks', { userId: ana.id.toUpperCase() })).status).toBe(200);
    await eventually(async () => (await feed(ben)).every((n) => n.type === 'other'), 10_000, "Ben's feed to forget Ana");
    expect((await ben.api.get('/api/blocks')).body).toEqual([expect.objectContaining({ userId: ana.id })]);
    expect((await ben.api.delete(`/api/blocks/${ana.id}`)).body).toEqual({ success: true });
  });

  it('removes what a blocked pair was told about each other, and tells nothing more', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Rosa', 'Sam');
    await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'hi', messageType: 'text' });
    await arrived(ben, 'message');
    const other = await createMember(base, 'Tom', 'male');
    await inDeck(other, ana);
    await other.api.patch('/api/likes', { toUserId: ana.id });
    await arrived(ana, 'like'); // Tom's (Ben's like made their match: the match told her)

    const anaSocket = await connect(base, ana);
    const benSocket = await connect(base, ben);
    const told = [collect(anaSocket, SocketEvents.notificationsRemoved), collect(benSocket, SocketEvents.notificationsRemoved)];
    expect((await ben.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
    await eventually(async () => (await feed(ben)).every((n) => n.type === 'other'), 10_000, "Ben's feed to forget Ana");
    // both are told, so their lists and counts are fetched again after the removal, not before
    // (once or twice: the block's removal and its match's end are handled each on its own)
    await eventually(() => told.every((seen) => seen.length >= 1), 10_000, 'notifications_removed to both');
    anaSocket.disconnect();
    benSocket.disconnect();
    await eventually(async () => (await feed(ana)).every((n) => n.data.fromUserId !== ben.id), 10_000, "Ana's feed to forget Ben");
    // what others told Ana stays
    expect((await feed(ana)).some((n) => n.data.fromUserId === other.id)).toBe(true);
    expect(await unread(ben)).toBe(1); // the welcome

    // a like from Ana still on its way when the block happened tells Ben nothing; Tom's does
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const like = (from: Member, name: string) => ({ id: randomUUID(), subject: Events.discovery.likeCreated, schemaVersion: 1, occurredAt: new Date().toISOString(), payload: { fromUserId: from.id, toUserId: ben.id, isSuper: false, fromFirstName: name } });
    await bus.publish([like(ana, 'Rosa'), like(other, 'Tom')]);
    const after = await arrived(ben, 'like');
    expect(after.filter((n) => n.type === 'like').map((n) => n.title)).toEqual(['Tom liked you']);
  });

  it("counts a block and its unblock in the order they happened: a block's event heard again after the unblock (a retry, a replay) silences nothing", async () => {
    const ana = await createMember(base, 'Ida', 'female');
    const ben = await createMember(base, 'Jon', 'male');
    await inDeck(ana, ben);
    const blockedAt = new Date(Date.now() - 1_000).toISOString();
    expect((await ana.api.post('/api/blocks', { userId: ben.id })).status).toBe(200);
    expect((await ana.api.delete(`/api/blocks/${ben.id}`)).status).toBe(200);
    const blocks = 'notifications.forget-pair-when-member-blocked';
    const handled = async (id: string) => (await gw.query('notifications', 'SELECT 1 FROM notifications.inbox WHERE event_id = $1 AND consumer = $2', [id, blocks])).length === 1;
    const [unblocked] = await gw.query<{ id: string }>('discovery', `SELECT id FROM discovery.outbox WHERE subject = $1 AND payload->>'blockerId' = $2`, [Events.discovery.memberUnblocked, ana.id]);
    await eventually(() => handled(unblocked.id), 10_000, 'the unblock heard');

    // the block's event again, as it happened (before the unblock), under the id of a replay
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const late = { id: randomUUID(), subject: Events.discovery.memberBlocked, schemaVersion: 1, occurredAt: blockedAt, payload: { blockerId: ana.id, blockedId: ben.id } };
    await bus.publish([late]);
    await eventually(() => handled(late.id), 10_000, 'the late block heard');
    const like = { id: randomUUID(), subject: Events.discovery.likeCreated, schemaVersion: 1, occurredAt: new Date().toISOString(), payload: { fromUserId: ana.id, toUserId: ben.id, isSuper: false, fromFirstName: 'Ida' } };
    await bus.publish([like]);
    expect((await arrived(ben, 'like')).filter((n) => n.type === 'like').map((n) => n.title)).toEqual(['Ida liked you']);

    // a block that happened after the unblock still counts
    const again = { ...late, id: randomUUID(), occurredAt: new Date().toISOString() };
    await bus.publish([again]);
    await eventually(async () => (await feed(ben)).every((n) => n.type !== 'like'), 10_000, "Ben's feed to forget Ida's like");
  });

  it('leaves nothing of a like-back made at the same moment as a block: no match, no notification of either to the other (20 pairs)', async () => {
    const pairs = await Promise.all(Array.from({ length: 20 }, async (_, i) => ({ ana: await createMember(base, `Ada${i}`, 'female'), ben: await createMember(base, `Bo${i}`, 'male') })));
    await Promise.all(pairs.map(async ({ ana, ben }) => {
      await inDeck(ana, ben);
      await inDeck(ben, ana);
      expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    }));
    // witnesses: a match told before the race and ended after it, a like told before it and blocked after it, a match made after it
    const before = await matchedPair(base, 'Wil', 'Xan');
    for (const m of [before.ana, before.ben]) await arrived(m, 'match');
    const [una, tom] = [await createMember(base, 'Una', 'female'), await createMember(base, 'Tom', 'male')];
    await inDeck(tom, una);
    await tom.api.patch('/api/likes', { toUserId: una.id });
    await arrived(una, 'like');
    // every block is accepted, whichever of the like back and the block came first (who may be
    // blocked never takes the match made at that moment for an ended one)
    const blocks = await Promise.all(pairs.map(async ({ ana, ben }) => (await Promise.all([ben.api.patch('/api/likes', { toUserId: ana.id }), ana.api.post('/api/blocks', { userId: ben.id })]))[1].status));
    expect(blocks).toEqual(pairs.map(() => 200));
    expect((await before.ana.api.delete(`/api/matches/${before.matchId}`)).status).toBe(200);
    expect((await una.api.post('/api/blocks', { userId: tom.id })).status).toBe(200);
    const after = await matchedPair(base, 'Yva', 'Zed');
    // each consumer handles its events in order: once the witnesses' likes, match, end and block are handled, so are the race's
    for (const m of [after.ana, after.ben]) await arrived(m, 'match');
    await arrived(after.ben, 'like');
    for (const m of [before.ana, before.ben]) await eventually(async () => (await feed(m)).every((n) => n.type !== 'match'), 10_000, "the witness match's end");
    await eventually(async () => (await feed(una)).every((n) => n.type !== 'like'), 10_000, "the witness block");
    const leftOver = () =>
      Promise.all(
        pairs.map(async ({ ana, ben }) => ({
          matches: [...((await ana.api.get('/api/matches')).body as unknown[]), ...((await ben.api.get('/api/matches')).body as unknown[])],
          told: [...(await feed(ana)).filter((n) => n.data.fromUserId === ben.id), ...(await feed(ben)).filter((n) => n.data.fromUserId === ana.id)].map((n) => n.type),
        })),
      );
    const none = pairs.map(() => ({ matches: [], told: [] }));
    // a batch the database refused (a lock timeout on a busy machine) comes again after the
    // witnesses: what the race left must be gone within a while, and stay gone
    await eventually(async () => JSON.stringify(await leftOver()) === JSON.stringify(none), 15_000, 'nothing left of the race').catch(() => undefined);
    expect(await leftOver()).toEqual(none);
  });

  it('leaves no message notification of a message sent at the same moment as a block: the block and the end wait for it, and remove it', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Ama', 'Bru');
    // a witness: its message, sent after the race, is handled after the race's (each consumer handles its events in order)
    const witness = await matchedPair(base, 'Wyn', 'Xav');
    for (const { ana: a, ben: b } of [{ ana, ben }, witness]) for (const [m, type] of [[a, 'match'], [a, 'other'], [b, 'match'], [b, 'like'], [b, 'other']] as const) await arrived(m, type);
    // the race made certain. The pair's earlier notifications go, so the block and the end have nothing else to remove (and
    // nothing to emit); then the notifications service's outbox waits for the test, so the message's notification is held
    // after its look for a block or an end, stored but not committed, while the block and the end are heard
    await gw.query('notifications', `DELETE FROM notifications.notifications WHERE user_id = ANY($1::uuid[]) AND data->>'fromUserId' = ANY($2::text[])`, [[ana.id, ben.id], [ana.id, ben.id]]);
    const waiting = async (sql: string, params: unknown[] = []) =>
      Number((await gw.query<{ n: string }>('notifications', `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'aero-notifications' AND ${sql}`, params))[0]!.n);
    const kept = async (table: string, sql: string, params: unknown[]) => (await gw.query('notifications', `SELECT 1 FROM notifications.${table} WHERE ${sql}`, params)).length > 0;
    const db = new pg.Client({ connectionString: gw.settings.databaseUrl('notifications') });
    await db.connect();
    try {
      await db.query('BEGIN');
      await db.query('LOCK TABLE notifications.outbox IN SHARE MODE');
      expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'still there?', messageType: 'text' })).status).toBe(201);
      await eventually(async () => (await waiting(`query ILIKE 'INSERT INTO %outbox%'`)) === 1, 10_000, "the message's notification held");
      expect((await ben.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
      // the block's and the end's handlers wait for the pair, or are done
      const [low, high] = [ana.id, ben.id].sort();
      await eventually(
        async () => (await waiting(`wait_event = 'advisory'`)) === 2 || ((await kept('blocked_pairs', 'user_low = $1 AND user_high = $2', [low, high])) && (await kept('ended_matches', 'match_id = $1', [matchId]))),
        10_000,
        'the block and the end heard',
      );
    } finally {
      await db.query('COMMIT');
      await db.end();
    }
    await witness.ana.api.post(`/api/matches/${witness.matchId}/messages`, { content: 'after', messageType: 'text' });
    await arrived(witness.ben, 'message');
    await eventually(async () => (await kept('ended_matches', 'match_id = $1', [matchId])) && (await waiting('true')) === 0, 10_000, 'every handler done');
    expect([...(await feed(ana)).filter((n) => n.data.fromUserId === ben.id), ...(await feed(ben)).filter((n) => n.data.fromUserId === ana.id)]).toEqual([]);
  });

  it('alerts a member once for a like undone and made again: the like is in their feed again, without a second live push', async () => {
    const lena = await createMember(base, 'Lena', 'female');
    const omar = await createMember(base, 'Omar', 'male');
    await inDeck(lena, omar);
    const socket = await connect(base, omar);
    const pushed = collect<NotificationView>(socket, SocketEvents.notification);
    const changed = collect(socket, SocketEvents.notificationsRemoved);
    try {
      expect((await lena.api.patch('/api/likes', { toUserId: omar.id })).status).toBe(200);
      await eventually(() => pushed.some((n) => n.type === 'like'), 10_000, 'the live push');
      expect((await lena.api.post('/api/undo-swipe')).status).toBe(200);
      await eventually(async () => (await feed(omar)).every((n) => n.type !== 'like'), 10_000, "Omar's notification to go");
      expect((await lena.api.patch('/api/likes', { toUserId: omar.id })).status).toBe(200);
      expect((await arrived(omar, 'like')).filter((n) => n.type === 'like').map((n) => n.title)).toEqual(['Lena liked you']);
      // his open tabs fetch the list again (the removal, then the quiet one), and he was alerted once
      await eventually(() => changed.length === 2, 10_000, 'notifications_removed twice');
      expect(pushed.filter((n) => n.type === 'like')).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('removes what an unmatched pair was told about their match, for both, with the counts, and tells nothing of it later', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Cara', 'Dan');
    for (const m of [ana, ben]) await arrived(m, 'match');
    await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'hi Dan', messageType: 'text' });
    await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'hi Cara', messageType: 'text' });
    await arrived(ben, 'message');
    await arrived(ana, 'message');
    // Dan: the welcome and her message (Cara's like, read with the match; the match, which his like made); Cara: the welcome and his message (the match, read as she wrote into it)
    await eventually(async () => (await unread(ben)) === 2 && (await unread(ana)) === 2, 10_000, 'the matches read by their writers');

    const anaSocket = await connect(base, ana);
    const benSocket = await connect(base, ben);
    const told = [collect(anaSocket, SocketEvents.notificationsRemoved), collect(benSocket, SocketEvents.notificationsRemoved)];
    expect((await ana.api.delete(`/api/matches/${matchId}`)).body).toEqual({ success: true });
    for (const m of [ana, ben]) await eventually(async () => (await feed(m)).every((n) => n.data.matchId !== matchId), 10_000, 'the match to leave the feed');
    await eventually(() => told.every((seen) => seen.length === 1), 10_000, 'notifications_removed to both');
    anaSocket.disconnect();
    benSocket.disconnect();
    // the like that led to the match goes with it: it would lead to a deck where neither meets the other again
    expect((await feed(ben)).map((n) => n.type)).toEqual(['other']);
    expect([await unread(ben), await unread(ana)]).toEqual([1, 1]);

    // a message of the ended match heard after its end (sent just before it) tells nothing; one of another match does
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const message = (inMatch: string, content: string) => ({
      id: randomUUID(),
      subject: Events.messaging.messageSent,
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
      payload: { recipientId: ben.id, message: { id: randomUUID(), matchId: inMatch, senderId: ana.id, content, messageType: 'text', attachmentKey: null, attachmentDuration: null, attachmentWidth: null, attachmentHeight: null, createdAt: new Date().toISOString(), readAt: null } } satisfies MessageSentEvent,
    });
    await bus.publish([message(matchId, 'late'), message(randomUUID(), 'marker')]);
    const after = await arrived(ben, 'message');
    expect(after.filter((n) => n.type === 'message').map((n) => n.message)).toEqual(['marker']);
  });

  it('stores a message read when its event comes after the read that covered it (events are not always handled in order), and a later one unread', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Xena', 'Yuri');
    await arrived(ben, 'match');
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const sent = (content: string, createdAt: string) => ({
      id: randomUUID(),
      subject: Events.messaging.messageSent,
      schemaVersion: 1,
      occurredAt: createdAt,
      payload: { recipientId: ben.id, message: { id: randomUUID(), matchId, senderId: ana.id, content, messageType: 'text', attachmentKey: null, attachmentDuration: null, attachmentWidth: null, attachmentHeight: null, createdAt, readAt: null } } satisfies MessageSentEvent,
    });
    const readAt = at(0);
    // Yuri read the conversation; the event of a message it covered is handled only afterwards
    await bus.publish([{ id: randomUUID(), subject: Events.messaging.messagesRead, schemaVersion: 1, occurredAt: readAt, payload: { matchId, userId: ben.id, senderId: ana.id, readAt } satisfies MessagesReadEvent }]);
    await bus.publish([sent('read before its event', at(-1_000))]);
    await bus.publish([sent('sent after the read', at(1_000))]);
    const notes = await eventually(async () => {
      const list = (await feed(ben)).filter((n) => n.type === 'message');
      return list.length === 2 && list;
    }, 10_000, 'both messages told');
    expect(Object.fromEntries(notes.map((n) => [n.message, n.read]))).toEqual({ 'read before its event': true, 'sent after the read': false });
  });

  it("forgets what a deleted account told others (its likes, matches and messages), and keeps the rest", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Uma', 'Vic');
    await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'my number is …', messageType: 'text' });
    await arrived(ben, 'message');
    const other = await createMember(base, 'Walt', 'female');
    await inDeck(other, ben);
    await other.api.patch('/api/likes', { toUserId: ben.id });
    await arrived(ben, 'like');
    expect((await feed(ben)).some((n) => n.data.fromUserId === ana.id)).toBe(true);

    const benSocket = await connect(base, ben);
    const told = collect(benSocket, SocketEvents.notificationsRemoved);
    expect((await ana.api.delete(`/api/users/${ana.id}`)).status).toBe(200);
    await eventually(async () => (await feed(ben)).every((n) => n.data.fromUserId !== ana.id), 10_000, "Ben's feed to forget Ana");
    await eventually(() => told.length === 1, 10_000, 'notifications_removed');
    benSocket.disconnect();
    expect((await feed(ben)).filter((n) => n.data.fromUserId === other.id).map((n) => n.title)).toEqual(['Walt liked you']);
  });

  it('finds what anyone was told about a banned, suspended or deleted member, a blocked pair, an undone like, an ended match or a read conversation through an index, not by reading every notification', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    // the statements of NotificationRepository.deleteFrom, deleteBetween, deleteLike and deleteOfMatch
    const statements = [
      `DELETE FROM notifications.notifications WHERE data->>'fromUserId' = '${a}'::text RETURNING user_id`,
      `DELETE FROM notifications.notifications WHERE (user_id = '${a}'::uuid AND data->>'fromUserId' = '${b}'::text) OR (user_id = '${b}'::uuid AND data->>'fromUserId' = '${a}'::text) RETURNING user_id`,
      `DELETE FROM notifications.notifications WHERE user_id = '${a}'::uuid AND data->>'fromUserId' = '${b}'::text AND type IN ('like', 'super_like') RETURNING user_id`,
      `DELETE FROM notifications.notifications WHERE ((user_id = '${a}'::uuid AND data->>'fromUserId' = '${b}'::text) OR (user_id = '${b}'::uuid AND data->>'fromUserId' = '${a}'::text)) AND data->>'matchId' = '${randomUUID()}'::text RETURNING user_id`,
      // and of NotificationRepository.markConversationRead, markMatchesRead and markLikesRead
      `UPDATE notifications.notifications SET read = true WHERE user_id = '${a}'::uuid AND data->>'fromUserId' = '${b}'::text AND data->>'matchId' = '${randomUUID()}'::text AND type IN ('message', 'match') AND NOT read`,
      `UPDATE notifications.notifications n SET read = true FROM unnest(ARRAY['${a}']::uuid[], ARRAY['${b}']::text[], ARRAY['${randomUUID()}']::text[]) AS w(user_id, from_user_id, match_id) WHERE n.user_id = w.user_id AND n.data->>'fromUserId' = w.from_user_id AND n.data->>'matchId' = w.match_id AND n.type = 'match' AND NOT n.read RETURNING n.user_id`,
      `UPDATE notifications.notifications SET read = true, data = data || '{"matched":"true"}'::jsonb WHERE user_id = '${a}'::uuid AND data->>'fromUserId' = '${b}'::text AND type IN ('like', 'super_like') AND (NOT read OR data->>'matched' IS NULL)`,
    ];
    for (const sql of statements) {
      const plan = await indexedPlan(gw, 'notifications', sql);
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/Index Scan (using|on) notifications_from_user/);
    }
  });
});

describe('undo rate limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('single-node', { DEMO_SEED: 'false', RATE_LIMIT_SWIPES: '3' });
  });
  afterAll(() => gw?.close());

  it('counts undos on the swipe budget: a like and undo loop stops with 429', async () => {
    const ana = await createMember(gw.base, 'Ana', 'female');
    const ben = await createMember(gw.base, 'Ben', 'male');
    await inDeck(ana, ben);
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    expect((await ana.api.post('/api/undo-swipe')).status).toBe(200);
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    const undo = await ana.api.post('/api/undo-swipe');
    expect(undo.status).toBe(429);
    expect(undo.body).toMatchObject({ message: Messages.rateLimited, code: 'rate_limited' });
  });
});
