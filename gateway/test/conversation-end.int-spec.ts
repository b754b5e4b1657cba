import { EventContract, Events, Messages, type MessageView, Rpc, SocketEvents } from '@aero/contracts';
import { type EventHistory, listDeadLetters } from '@aero/event-bus';
import { eventually } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { loadServices } from '../src/services.js';
import { EventsHeld, withHeldConsumer, withHeldHandlers } from './support/held-events.js';
import { type Member, matchedPair, pairInDecks } from './support/members.js';
import { waitingOnLock } from './support/lock-waits.js';
import { interceptRpc } from './support/rpc-calls.js';
import { collect, connect, presenceOf } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/** a message's refusal once its match has ended, over the socket: with its code and status, as over HTTP */
const MATCH_GONE = { error: Messages.matchNotFound, code: 'match_not_found', statusCode: 404 };

/** messaging's handlers of discovery's match events (by name: the gateway may not import a service's internals) */
const CLOSING = 'CloseChatRoomWhenMatchEndedHandler';
const CREATING = 'CreateChatRoomWhenMatchCreatedHandler';
/** the gateway's consumer that pushes a stored message to both members' sockets */
const DELIVERING = 'gateway.deliver-message-when-sent';

const emitWithAck = <T>(socket: Socket, event: string, body: unknown) => socket.timeout(15_000).emitWithAck(event, body) as Promise<T>;

/**
 * Once an unmatch or a block (also a report's) has answered, no message between the pair is
 * accepted, over HTTP or the socket, whichever of them writes: the gateway has messaging close the
 * conversation before it answers. Through the real gateway in both runtime modes, with messaging's
 * handler of `discovery.match.ended` held back by the test (as a slow relay or consumer would be),
 * so only the synchronous close can refuse them; released, that handler changes nothing more.
 */
describe.each(GATEWAY_MODES)('a conversation ends with the answer that ends it (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  const closing = new EventsHeld();
  const creating = new EventsHeld();
  const delivering = new EventsHeld();
  let delivered: ReturnType<typeof withHeldConsumer>;

  beforeAll(async () => {
    delivered = withHeldConsumer(DELIVERING, delivering);
    const services = await loadServices();
    gw = await startTestGateway(mode, { DEMO_SEED: 'false' }, { services: services.map((s) => (s.name === 'messaging' ? withHeldHandlers(s, { [CLOSING]: closing, [CREATING]: creating }) : s)) });
  });
  beforeEach(() => closing.hold());
  // a test that failed while events were held does not hold them from the next
  afterEach(() => {
    closing.release();
    creating.release();
    delivering.release();
  });
  afterAll(async () => {
    await gw?.close();
    delivered?.restore();
  });

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  const socketOf = async (m: Member) => {
    const s = await connect(gw.base, m);
    sockets.push(s);
    return s;
  };

  const send = (m: Member, matchId: string, content: string) => m.api.post(`/api/matches/${matchId}/messages`, { id: randomUUID(), content, messageType: 'text' });
  const stored = async (matchId: string) => (await gw.query<{ content: string }>('messaging', 'SELECT content FROM messaging.messages WHERE match_id = $1 ORDER BY created_at', [matchId])).map((r) => r.content);
  const endedAt = async (matchId: string) => (await gw.query<{ ended_at: Date | null }>('messaging', 'SELECT ended_at FROM messaging.chat_rooms WHERE match_id = $1', [matchId]))[0]?.ended_at;
  /** messaging's handler has heard the match end (released) and left the room closed as it was */
  const heardLater = async (matchId: string) => {
    const closedAt = await endedAt(matchId);
    expect(closedAt).toBeInstanceOf(Date);
    closing.release();
    const [end] = await gw.query<{ id: string }>('discovery', `SELECT id FROM discovery.outbox WHERE subject = 'discovery.match.ended' AND payload->>'matchId' = $1`, [matchId]);
    await eventually(async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.inbox WHERE event_id = $1 AND consumer = $2', [end!.id, 'messaging.close-chat-room-when-match-ended'])).length === 1, 15_000, 'messaging to hear the end');
    expect(await endedAt(matchId)).toEqual(closedAt);
  };

  /** neither member can write once `end` has answered: over HTTP and the socket, the one who ended it and the other */
  async function refusedOnceAnswered(end: (pair: { ana: Member; ben: Member; matchId: string }) => Promise<{ status: number }>) {
    const pair = await matchedPair(gw.base);
    const { ana, ben, matchId } = pair;
    expect((await send(ana, matchId, 'before')).status).toBe(201);
    const [anaSocket, benSocket] = [await socketOf(ana), await socketOf(ben)];
    const benGot = collect<{ message: MessageView }>(benSocket, SocketEvents.newMessage);
    expect((await end(pair)).status).toBeLessThan(300);
    expect(await emitWithAck(anaSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'socket after', messageType: 'text' })).toEqual(MATCH_GONE);
    expect((await send(ana, matchId, 'http after')).status).toBe(404);
    expect(await emitWithAck(benSocket, SocketEvents.message, { id: randomUUID(), matchId, content: 'socket after', messageType: 'text' })).toEqual(MATCH_GONE);
    expect((await send(ben, matchId, 'http after')).status).toBe(404);
    expect(await stored(matchId)).toEqual(['before']);
    expect(benGot.filter((p) => p.message.content !== 'before')).toEqual([]);
    await heardLater(matchId);
  }

  it('after a block', () => refusedOnceAnswered(({ ben, ana }) => ben.api.post('/api/blocks', { userId: ana.id })));

  it('after an unmatch', () => refusedOnceAnswered(({ ben, matchId }) => ben.api.delete(`/api/matches/${matchId}`)));

  it('after a report that blocks', () => refusedOnceAnswered(({ ben, ana }) => ben.api.post('/api/reports', { userId: ana.id, reason: 'harassment' })));

  /** a message stored while the room was open whose event reaches the gateway once `end` has answered is pushed to neither member */
  async function notPushedOnceAnswered(end: (pair: { ana: Member; ben: Member; matchId: string }) => Promise<{ status: number }>) {
    const pair = await matchedPair(gw.base);
    const { ana, ben, matchId } = pair;
    const [anaSocket, benSocket] = [await socketOf(ana), await socketOf(ben)];
    const [anaGot, benGot] = [collect<{ message: MessageView }>(anaSocket, SocketEvents.newMessage), collect<{ message: MessageView }>(benSocket, SocketEvents.newMessage)];
    expect((await send(ana, matchId, 'before')).status).toBe(201);
    await eventually(() => anaGot.length === 1 && benGot.length === 1, 15_000, 'the first message pushed to both');
    // the second message is stored (the room open) and its event held on its way to the gateway
    // until the end has answered, as a lagging relay or a busy consumer would hold it
    delivering.hold();
    const handled = delivered.handled();
    expect((await send(ana, matchId, 'just before')).status).toBe(201);
    expect((await end(pair)).status).toBeLessThan(300);
    delivering.release();
    await eventually(() => delivered.handled() > handled, 15_000, 'the held message event handled');
    // (a push would have reached the sockets by the time a round trip over each answers)
    for (const s of [anaSocket, benSocket]) await emitWithAck(s, SocketEvents.messageRead, { matchId });
    expect(await stored(matchId)).toEqual(['before', 'just before']);
    expect({ ana: anaGot.map((p) => p.message.content), ben: benGot.map((p) => p.message.content) }).toEqual({ ana: ['before'], ben: ['before'] });
  }

  it('pushes a message stored just before a block to neither member once the block has answered', () => notPushedOnceAnswered(({ ben, ana }) => ben.api.post('/api/blocks', { userId: ana.id })));

  it('pushes a message stored just before an unmatch to neither member once the unmatch has answered', () => notPushedOnceAnswered(({ ben, matchId }) => ben.api.delete(`/api/matches/${matchId}`)));

  /**
   * The gateway's check of `matchId`'s conversation before a push (messaging's partnerIn) answered by
   * `answer` instead of messaging, until `restore` (the other calls go through)
   */
  const checkAnsweredBy = (matchId: string, answer: () => Promise<unknown>) => {
    return interceptRpc(gw, (subject, payload, send) => (subject === Rpc.messaging.partnerIn && (payload as { matchId: string }).matchId === matchId ? answer() : send(subject, payload)));
  };

  /** a message between matched members is pushed to both, once, however the check before the push goes (`answer`), and its event is handled, never dead-lettered */
  async function pushedDespiteCheck(answer: () => Promise<unknown>, release = () => {}) {
    const { ana, ben, matchId } = await matchedPair(gw.base);
    const [anaSocket, benSocket] = [await socketOf(ana), await socketOf(ben)];
    const [anaGot, benGot] = [collect<{ message: MessageView }>(anaSocket, SocketEvents.newMessage), collect<{ message: MessageView }>(benSocket, SocketEvents.newMessage)];
    const check = checkAnsweredBy(matchId, answer);
    try {
      const handled = delivered.handled();
      expect((await send(ana, matchId, 'hello')).status).toBe(201);
      await eventually(() => anaGot.length === 1 && benGot.length === 1, 15_000, 'the message pushed to both');
      await eventually(() => delivered.handled() > handled, 15_000, 'the message event handled');
      for (const s of [anaSocket, benSocket]) await emitWithAck(s, SocketEvents.messageRead, { matchId });
      expect({ ana: anaGot.map((p) => p.message.content), ben: benGot.map((p) => p.message.content) }).toEqual({ ana: ['hello'], ben: ['hello'] });
      const dead = await listDeadLetters(gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus as unknown as EventHistory);
      expect(dead.filter((d) => d.consumer === DELIVERING)).toEqual([]);
    } finally {
      check.restore();
      release();
    }
  }

  it('pushes a message to both members when the conversation check fails (messaging down), never dead-letters it', () =>
    pushedDespiteCheck(() => Promise.reject(new Error('no responders'))));

  it('pushes a message to both members when the conversation check does not answer', () => {
    let release = () => {};
    const never = new Promise((resolve) => (release = () => resolve({ partnerId: null })));
    return pushedDespiteCheck(() => never, () => release());
  });

  // (the block's own close held, as a slow messaging instance would hold it, and messaging's handler
  // of the end held too: the telling's own close is what closes the conversation before it tells)
  it('tells the end once the conversation is closed: a socket the blocked member opens as they hear it never hears the blocker online', async () => {
    const { ana, ben } = await matchedPair(gw.base);
    const ended = collect<{ matchId: string }>(await socketOf(ana), SocketEvents.matchEnded);
    await socketOf(ben);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const closing = interceptRpc(gw, async (subject, payload, send) => {
      if (subject === Rpc.messaging.endConversation && first) {
        first = false;
        await released;
      }
      return send(subject, payload);
    });
    let heard: ReturnType<typeof presenceOf> | undefined;
    let blocking: Promise<{ status: number }> | undefined;
    try {
      blocking = ben.api.post('/api/blocks', { userId: ana.id });
      await eventually(() => ended.length > 0, 15_000, 'match_ended told to the blocked member');
      heard = presenceOf(await socketOf(ana));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      release();
      closing.restore();
    }
    expect((await blocking).status).toBe(200);
    expect(first).toBe(false);
    expect(heard!.filter(([, who]) => who === ben.id).map(([what]) => what)).not.toContain('online');
  });

  it('lands a message sent before the block answered, or refuses it; none sent after the answer', async () => {
    const { ana, ben, matchId } = await matchedPair(gw.base, 'Cora', 'Dan');
    let answeredAt = Infinity;
    const blocking = ben.api.post('/api/blocks', { userId: ana.id }).then((res) => ((answeredAt = performance.now()), res));
    const sends: { startedAt: number; status: number; content: string }[] = [];
    // on until a few sends have started after the answer, however slow each is on a busy machine
    for (let i = 0; sends.filter((s) => s.startedAt > answeredAt).length < 3; i++) {
      const startedAt = performance.now();
      sends.push({ startedAt, content: `m${i}`, status: (await send(ana, matchId, `m${i}`)).status });
    }
    expect((await blocking).status).toBe(200);
    const after = sends.filter((s) => s.startedAt > answeredAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.status === 404)).toBe(true);
    // what landed was answered 201, each of it sent before the answer
    expect(await stored(matchId)).toEqual(sends.filter((s) => s.status === 201).map((s) => s.content));
    expect(sends.every((s) => s.status === 201 || s.status === 404)).toBe(true);
  });

  it('tells each member of a new match that the other is online, also one whose socket connected before messaging opened the conversation', async () => {
    creating.hold();
    const { ana, ben } = await pairInDecks(gw.base, 'Gia', 'Hal');
    const benHears = presenceOf(await socketOf(ben));
    await ana.api.patch('/api/likes', { toUserId: ben.id });
    expect((await ben.api.patch('/api/likes', { toUserId: ana.id })).body).toMatchObject({ isMatch: true });
    // the gateway hears of the match (well within a second) before Ana's socket connects, and her
    // socket reads her matches while messaging has not opened the conversation yet
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const anaHears = presenceOf(await socketOf(ana));
    await new Promise((resolve) => setTimeout(resolve, 300));
    creating.release();
    const told = (heard: ReturnType<typeof presenceOf>, who: string) => heard.filter(([, id]) => id === who).at(-1)?.[0] === 'online';
    await eventually(() => told(benHears, ana.id) && told(anaHears, ben.id), 10_000, 'each told the other online');
  });

  it('keeps a conversation whose match event had not reached messaging yet closed when it does', async () => {
    creating.hold();
    const { ana, ben } = await pairInDecks(gw.base, 'Eva', 'Finn');
    await ana.api.patch('/api/likes', { toUserId: ben.id });
    const matchId = (await ben.api.patch('/api/likes', { toUserId: ana.id })).body.match.id as string;
    expect((await ben.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
    // the match's room arrives after the block: it stays closed
    creating.release();
    const [created] = await gw.query<{ id: string }>('discovery', `SELECT id FROM discovery.outbox WHERE subject = 'discovery.match.created' AND payload->>'matchId' = $1`, [matchId]);
    await eventually(async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.inbox WHERE event_id = $1 AND consumer = $2', [created!.id, 'messaging.create-chat-room-when-match-created'])).length === 1, 15_000, 'messaging to hear the match');
    expect((await send(ana, matchId, 'hello?')).status).toBe(404);
    expect(await stored(matchId)).toEqual([]);
    await heardLater(matchId);
  });

  it('opens no conversation for a member who deleted their account or was banned before the match reached messaging', async () => {
    const rooms = async (matchId: string) => gw.query('messaging', 'SELECT 1 FROM messaging.chat_rooms WHERE match_id = $1', [matchId]);
    const heard = (subject: string, consumer: string, where: string, value: string) =>
      eventually(
        async () => {
          const [event] = await gw.query<{ id: string }>(subject.startsWith('identity') ? 'identity' : 'discovery', `SELECT id FROM ${subject.split('.')[0]}.outbox WHERE subject = $1 AND payload->>'${where}' = $2`, [subject, value]);
          return !!event && (await gw.query('messaging', 'SELECT 1 FROM messaging.inbox WHERE event_id = $1 AND consumer = $2', [event.id, consumer])).length === 1;
        },
        15_000,
        `messaging to hear ${subject}`,
      );
    /** a match whose event waits on its way to messaging */
    const heldMatch = async (a: string, b: string) => {
      creating.hold();
      const { ana, ben } = await pairInDecks(gw.base, a, b);
      await ana.api.patch('/api/likes', { toUserId: ben.id });
      return { ana, ben, matchId: (await ben.api.patch('/api/likes', { toUserId: ana.id })).body.match.id as string };
    };
    // the account deleted (through the API) while the match event waits
    const { ana, ben, matchId } = await heldMatch('Gia', 'Hal');
    expect((await ana.api.delete(`/api/users/${ana.id}`)).status).toBeLessThan(300);
    await heard(Events.identity.accountDeleted, 'messaging.forget-member-when-account-deleted', 'accountId', ana.id);
    creating.release();
    await heard(Events.discovery.matchCreated, 'messaging.create-chat-room-when-match-created', 'matchId', matchId);
    expect(await rooms(matchId)).toEqual([]);
    expect((await send(ben, matchId, 'still there?')).status).toBe(404);

    // banned (the moderator's event, as identity writes it) while the match event waits
    const banned = await heldMatch('Ivy', 'Jon');
    await gw.publish([{ id: randomUUID(), subject: Events.identity.accountRestricted, schemaVersion: EventContract[Events.identity.accountRestricted].schemaVersion, occurredAt: new Date().toISOString(), payload: { accountId: banned.ana.id, revision: 1_000, restriction: { kind: 'banned', until: null } } }]);
    await eventually(async () => (await gw.query('messaging', 'SELECT 1 FROM messaging.departed_members WHERE user_id = $1', [banned.ana.id])).length === 1, 15_000, 'messaging to hear the ban');
    creating.release();
    await heard(Events.discovery.matchCreated, 'messaging.create-chat-room-when-match-created', 'matchId', banned.matchId);
    expect(await rooms(banned.matchId)).toEqual([]);
    expect((await send(banned.ben, banned.matchId, 'hello?')).status).toBe(404);
  });

  it('blocks the member whose like back makes the match while the block is checked: the match ends, never kept as if the block were refused', async () => {
    // messaging has not heard the match yet (no conversation makes Bo someone Ada may block): only
    // discovery's rule of who is seen answers
    creating.hold();
    const { ana, ben } = await pairInDecks(gw.base, 'Ada', 'Bo');
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    // the interleaving made certain: Bo's like back is held after it stored the like and the match
    // (discovery's outbox waits for the test), so the block's check reads no match; its read of the
    // pair's likes then waits (behind a lock the test asks for on the swipes, granted once the like
    // back commits), so it reads both likes once the match exists
    const waiting = (where: string) => waitingOnLock(gw, where);
    const [outbox, swipes] = [new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') }), new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') })];
    await outbox.connect();
    await swipes.connect();
    let held: Promise<unknown> = Promise.resolve();
    let likingBack: Promise<{ status: number; body: unknown }> | undefined;
    let blocking: Promise<{ status: number; body: unknown }> | undefined;
    try {
      await outbox.query('BEGIN');
      await outbox.query('LOCK TABLE discovery.outbox IN SHARE MODE');
      likingBack = ben.api.patch('/api/likes', { toUserId: ana.id });
      await eventually(async () => (await waiting(`application_name = 'aero-discovery' AND query ILIKE 'INSERT INTO %outbox%'`)) === 1, 10_000, 'the like back held');
      await swipes.query('BEGIN');
      held = swipes.query('LOCK TABLE discovery.swipes IN ACCESS EXCLUSIVE MODE');
      await eventually(async () => (await waiting(`query ILIKE 'LOCK TABLE discovery.swipes%'`)) === 1, 10_000, "the test's lock asked for");
      blocking = ana.api.post('/api/blocks', { userId: ben.id });
      await eventually(async () => (await waiting(`application_name = 'aero-discovery' AND query ILIKE '%FROM discovery.swipes WHERE ((user_id%'`)) === 1, 10_000, "the check's read of the likes waiting");
    } finally {
      await outbox.query('COMMIT');
      await held;
      await swipes.query('COMMIT');
      await outbox.end();
      await swipes.end();
    }
    expect((await likingBack!).body).toMatchObject({ isMatch: true });
    expect((await blocking!).body).toEqual({ success: true });
    creating.release();
    expect((await ana.api.get('/api/blocks')).body).toEqual([expect.objectContaining({ userId: ben.id })]);
    for (const m of [ana, ben]) expect((await m.api.get('/api/matches')).body).toEqual([]);
  });
});
