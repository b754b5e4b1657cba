import { Presence } from '@aero/common';
import { DiscreetPush, JobName, Messages, type NotificationView, Rpc, SocketEvents } from '@aero/contracts';
import { ApiClient, eventually, resetToken } from '@aero/testing';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { createMember, inDeck, type Member, matchedPair } from './support/members.js';
import { type BrowserSubscription, PushServiceStandIn } from './support/push-service.js';
import { forMember, holdRpc } from './support/rpc-calls.js';
import { collect, connect } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

type Toggles = Partial<{ matches: boolean; messages: boolean; likes: boolean; promotions: boolean; previews: boolean }>;

/**
 * Web push through the real gateway and services in both runtime modes, to a local stand-in for
 * a browser push service that decrypts each message as the browser would (RFC 8291) and checks
 * its VAPID signature: a notification goes out only for a switched-on toggle and a member with no
 * open socket, a gone subscription (410) is removed, and a subscription is its owner's alone.
 */
describe.each(GATEWAY_MODES)('web push (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  const push = new PushServiceStandIn();

  beforeAll(async () => {
    await push.start();
    // the stand-in is a local http push service: allowed by PUSH_ANY_ENDPOINT only
    gw = await startTestGateway(mode, { DEMO_SEED: 'false', PUSH_ANY_ENDPOINT: 'true' });
    base = gw.base;
  });
  afterAll(async () => {
    await gw?.close();
    await push.stop();
  });

  const subscribe = async (m: Member, sub = push.subscribe()) => {
    const saved = await m.api.post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null });
    expect(saved.status).toBe(201);
    return sub;
  };
  const unsubscribe = (m: Member, sub: BrowserSubscription) => m.api.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
  const switchOn = async (m: Member, notifications: Toggles) => expect((await m.api.put('/api/users/me/settings', { notifications })).status).toBe(200);
  /** the decrypted payloads sent to `sub`, once there are `count` */
  const pushed = (sub: BrowserSubscription, count = 1) =>
    eventually(() => (push.to(sub).length >= count ? push.to(sub).map((r) => r.payload as Record<string, string>) : undefined), 15_000, `${count} push(es)`);
  const say = (from: Member, matchId: string, content: string) => from.api.post(`/api/matches/${matchId}/messages`, { content, messageType: 'text' });
  /** web push jobs queued, running, or waiting out a retry's backoff */
  const pushJobsLeft = async () => {
    const depth = (await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).jobs.depth!()).find((q) => q.queue === JobName.SendWebPush);
    return depth ? depth.waiting + depth.active + depth.delayed : 0;
  };

  it('sends a like and a match the browser decrypts, signed with the public key it subscribed with', async () => {
    const { status, body } = await new ApiClient(base).get('/api/push/public-key');
    expect(status).toBe(200);
    expect(body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const ana = await createMember(base, 'Ana', 'female');
    const ben = await createMember(base, 'Ben', 'male');
    const sub = await subscribe(ana);
    await switchOn(ana, { likes: true, matches: true });
    await inDeck(ben, ana);
    await ben.api.patch('/api/likes', { toUserId: ana.id });

    const [like] = await pushed(sub);
    expect(like).toMatchObject({ title: 'Ben liked you', message: 'Swipe right on Ben to match.', type: 'like', url: '/swipe' });
    const [first] = push.to(sub);
    expect(first!.vapid).toMatchObject({ publicKey: body.publicKey, claims: { aud: new URL(sub.endpoint).origin, sub: expect.stringMatching(/^(mailto|https):/) } });
    expect(first!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: expect.any(String) });

    // Ana's like back makes their match: its answer told her ('It's a Match!'), no push does
    await inDeck(ana, ben);
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id })).body).toMatchObject({ isMatch: true });
    // Cleo's like back answers Ana's: that match is news to her (pushed after the one not pushed)
    const cleo = await createMember(base, 'Cleo', 'male');
    await inDeck(ana, cleo);
    await inDeck(cleo, ana);
    await ana.api.patch('/api/likes', { toUserId: cleo.id });
    const matchId = (await cleo.api.patch('/api/likes', { toUserId: ana.id })).body.match.id as string;
    const [, match] = await pushed(sub, 2);
    expect(match).toMatchObject({ title: "It's a match with Cleo!", type: 'match', url: `/messages?matchId=${matchId}` });
    expect(push.to(sub)).toHaveLength(2);
  });

  it('sends a message with its conversation as the url', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Cara', 'Dev');
    const sub = await subscribe(ben);
    await switchOn(ben, { messages: true });
    await say(ana, matchId, 'Coffee at DFW?');
    const [message] = await pushed(sub);
    expect(message).toEqual({ id: expect.any(String), title: 'New message from Cara', message: 'Coffee at DFW?', type: 'message', url: `/messages?matchId=${matchId}` });
  });

  it('says nothing of who or what to a member who turned previews off: no name, no words, a like neither; the click still leads there', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Gia', 'Hob');
    const sub = await subscribe(ben);
    await switchOn(ben, { messages: true, likes: true, previews: false });
    await say(ana, matchId, 'Gate B12 at noon?');
    const ivy = await createMember(base, 'Ivy', 'female');
    await inDeck(ivy, ben);
    expect((await ivy.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(200);
    const both = await pushed(sub, 2);
    const [message, like] = ['message', 'like'].map((type) => both.find((p) => p.type === type));
    const discreet = { id: expect.any(String), title: DiscreetPush.title, message: DiscreetPush.message, discreet: true };
    expect(message).toEqual({ ...discreet, type: 'message', url: `/messages?matchId=${matchId}` });
    expect(like).toEqual({ ...discreet, type: 'like', url: '/swipe' });
    expect(JSON.stringify(push.to(sub).map((r) => r.payload))).not.toMatch(/Gia|Ivy|B12/);

    // on again: the next one says who and what
    await switchOn(ben, { previews: true });
    await say(ana, matchId, 'Or B14?');
    expect((await pushed(sub, 3))[2]).toMatchObject({ title: 'New message from Gia', message: 'Or B14?' });
  });

  it('sends nothing for a toggle switched off', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Eva', 'Finn');
    const sub = await subscribe(ben);
    await switchOn(ben, { messages: true, likes: true });
    await switchOn(ben, { messages: false });
    await say(ana, matchId, 'not pushed');
    await eventually(async () => ((await ben.api.get('/api/notifications')).body as NotificationView[]).some((n) => n.type === 'message'), 10_000, 'the message notification');
    // a like (its toggle is on) comes after it: once it arrives, the message's turn has passed
    const gia = await createMember(base, 'Gia', 'female');
    await inDeck(gia, ben);
    await gia.api.patch('/api/likes', { toUserId: ben.id });
    await pushed(sub);
    await new Promise((r) => setTimeout(r, 300));
    expect(push.to(sub).map((r) => (r.payload as { type: string }).type)).toEqual(['like']);
  });

  it('sends nothing to a member with an open socket, and again once it closed', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Hana', 'Ivo');
    const benSub = await subscribe(ben);
    const anaSub = await subscribe(ana);
    await switchOn(ben, { messages: true });
    await switchOn(ana, { messages: true });
    const presence = new Presence(gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv, gw.settings.presenceTtlSeconds);
    const socket = await connect(base, ben);
    const live = collect<NotificationView>(socket, SocketEvents.notification);
    try {
      await eventually(() => presence.isOnline(ben.id), 10_000, 'Ivo online');
      await say(ana, matchId, 'while open');
      await eventually(() => live.some((n) => n.message === 'while open'), 10_000, 'the live notification');
      // Hana's push is queued after Ivo's: once it arrives, Ivo's has had its turn
      await say(ben, matchId, 'sentinel');
      await pushed(anaSub);
      expect(push.to(benSub)).toEqual([]);
    } finally {
      socket.disconnect();
    }
    await eventually(async () => !(await presence.isOnline(ben.id)), 10_000, 'Ivo offline');
    await say(ana, matchId, 'while closed');
    const [message] = await pushed(benSub);
    expect(message).toMatchObject({ message: 'while closed' });
  });

  it('removes a subscription the push service calls gone (410), and keeps the others', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Jade', 'Kai');
    const healthy = await subscribe(ben);
    const gone = await subscribe(ben);
    push.answer(gone, 410);
    await switchOn(ben, { messages: true });
    await say(ana, matchId, 'first');
    await pushed(healthy);
    await eventually(() => push.to(gone).length === 1, 10_000, 'the 410');
    await eventually(async () => (await unsubscribe(ben, gone)).status === 404, 10_000, 'the gone subscription removed');
    await say(ana, matchId, 'second');
    expect((await pushed(healthy, 2)).map((p) => p.message)).toEqual(['first', 'second']);
    expect(push.to(gone)).toHaveLength(1);
  });

  it('sends no web push about a member the recipient blocked before it went out (a retry waiting out its backoff)', async () => {
    const ana = await createMember(base, 'Ola', 'female');
    const ben = await createMember(base, 'Pat', 'male');
    const sub = await subscribe(ana);
    await switchOn(ana, { likes: true });
    // the push service is briefly unavailable: the job will try again after its backoff
    push.answer(sub, 503);
    await inDeck(ben, ana);
    await ben.api.patch('/api/likes', { toUserId: ana.id });
    await eventually(() => push.to(sub).length >= 1, 15_000, 'the first (refused) attempt');
    // Ola blocks Pat: his like's notification is gone from her feed
    expect((await ana.api.post('/api/blocks', { userId: ben.id })).status).toBe(200);
    await eventually(async () => !((await ana.api.get('/api/notifications')).body as NotificationView[]).some((n) => n.type === 'like'), 10_000, 'the like notification removed');
    push.answer(sub, 201);
    // the retry has run (after 2 s, or 4 s more if it came before the block) and sent nothing
    await eventually(async () => (await pushJobsLeft()) === 0, 20_000, 'the push job’s retry');
    expect(push.to(sub).filter((r) => r.status === 201).map((r) => (r.payload as { title: string }).title)).toEqual([]);
  });

  it("lets nobody else delete a member's subscription; saved by another member it moves to them", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Lia', 'Max');
    const browser = await subscribe(ana);
    await switchOn(ana, { messages: true });
    await switchOn(ben, { messages: true });
    expect((await unsubscribe(ben, browser)).status).toBe(404);
    await say(ben, matchId, 'still yours');
    await pushed(browser);

    // the browser changes hands: Max signs in on it and subscribes
    await subscribe(ben, browser);
    await say(ben, matchId, 'not for this browser');
    await say(ana, matchId, 'for Max');
    await pushed(browser, 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(push.to(browser).map((r) => (r.payload as { message: string }).message)).toEqual(['still yours', 'for Max']);
    expect((await unsubscribe(ana, browser)).status).toBe(404);
    expect((await unsubscribe(ben, browser)).status).toBe(200);
    expect((await unsubscribe(ben, browser)).status).toBe(404);
  });

  it("ends the push subscriptions of the account's other browsers with their sessions: a password change or 'sign out of other devices' keeps the caller's own, a reset none", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Oda', 'Pim');
    await switchOn(ana, { messages: true });
    /** a second browser of Oda's, signed in with her password (hers, or someone's who once had it) */
    const otherBrowser = async () => {
      const api = new ApiClient(base);
      expect((await api.post('/api/auth/login', { email: ana.email, password: 'secret-pass' })).status).toBe(200);
      return subscribe({ api, id: ana.id });
    };
    const own = await subscribe(ana);
    const stolen = await otherBrowser();
    await say(ben, matchId, 'before');
    await pushed(own);
    await pushed(stolen);

    // a password change ends the other browser's session and its pushes; the caller's stay
    expect((await ana.api.post('/api/auth/change-password', { currentPassword: 'secret-pass', newPassword: 'secret-pass-2' })).status).toBe(200);
    await say(ben, matchId, 'after the change');
    await pushed(own, 2);

    // 'sign out of other devices' likewise
    expect((await ana.api.post('/api/auth/change-password', { currentPassword: 'secret-pass-2', newPassword: 'secret-pass' })).status).toBe(200);
    const again = await otherBrowser();
    expect((await ana.api.post('/api/auth/logout-others')).status).toBe(200);
    await say(ben, matchId, 'after signing out the others');
    await pushed(own, 3);

    // a reset ends every session, and every browser's pushes
    expect((await new ApiClient(base).post('/api/auth/forgot-password', { email: ana.email })).status).toBe(200);
    const { token } = await resetToken(base, ana.email!);
    expect((await new ApiClient(base).post('/api/auth/reset-password', { token, password: 'brand-new-pass' })).status).toBe(200);
    // the witness: a browser signed in with the new password gets the next message, so it was pushed
    const afterReset = new ApiClient(base);
    expect((await afterReset.post('/api/auth/login', { email: ana.email, password: 'brand-new-pass' })).status).toBe(200);
    const witness = await subscribe({ api: afterReset, id: ana.id });
    await say(ben, matchId, 'after the reset');
    await pushed(witness);
    await eventually(async () => (await pushJobsLeft()) === 0, 20_000, 'the push job');
    expect(push.to(own).map((r) => (r.payload as { message: string }).message)).toEqual(['before', 'after the change', 'after signing out the others']);
    expect(push.to(stolen).map((r) => (r.payload as { message: string }).message)).toEqual(['before']);
    expect(push.to(again)).toEqual([]);
  });

  it("ends the push subscriptions a session saved with its logout, and only those: the member's other browsers keep theirs", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Quy', 'Rui');
    await switchOn(ana, { messages: true });
    // a borrowed phone: Quy signs in on it and subscribes, then signs out without unsubscribing
    const phone = new ApiClient(base);
    expect((await phone.post('/api/auth/login', { email: ana.email, password: 'secret-pass' })).status).toBe(200);
    const borrowed = await subscribe({ api: phone, id: ana.id });
    const own = await subscribe(ana);
    await say(ben, matchId, 'before');
    await pushed(borrowed);
    await pushed(own);

    expect((await phone.post('/api/auth/logout')).status).toBe(200);
    await say(ben, matchId, 'after the logout');
    // the witness: her own browser gets it, and its push job has finished (one job sends to all her browsers)
    await pushed(own, 2);
    await eventually(async () => (await pushJobsLeft()) === 0, 20_000, 'the push job');
    expect(push.to(borrowed).map((r) => (r.payload as { message: string }).message)).toEqual(['before']);
    expect(push.to(own).map((r) => (r.payload as { message: string }).message)).toEqual(['before', 'after the logout']);
  });

  it('ends them with the logout of a session that had already expired (it no longer names its account)', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Sol', 'Tim');
    await switchOn(ana, { messages: true });
    const phone = new ApiClient(base);
    expect((await phone.post('/api/auth/login', { email: ana.email, password: 'secret-pass' })).status).toBe(200);
    const borrowed = await subscribe({ api: phone, id: ana.id });
    const own = await subscribe(ana);
    await say(ben, matchId, 'before');
    await pushed(borrowed);
    // the phone's session idles out (its key expires)
    const sid = phone.cookie.split('=')[1]!;
    await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv.del(`sess:${sid}`);
    expect((await phone.post('/api/auth/logout')).status).toBe(200);
    await say(ben, matchId, 'after the logout');
    // the witness: her own browser gets it, and its push job has finished
    await pushed(own, 2);
    await eventually(async () => (await pushJobsLeft()) === 0, 20_000, 'the push job');
    expect(push.to(borrowed).map((r) => (r.payload as { message: string }).message)).toEqual(['before']);
  });

  it('sends nothing to a browser whose session expired unused while the app stayed closed; one saved again as its app came back lives on', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Uma', 'Vic');
    await switchOn(ana, { messages: true });
    const own = await subscribe(ana);
    const signedIn = async () => {
      const phone = new ApiClient(base);
      expect((await phone.post('/api/auth/login', { email: ana.email, password: 'secret-pass' })).status).toBe(200);
      return { api: phone, id: ana.id };
    };
    const [closed, reopened] = [await signedIn(), await signedIn()];
    /** a save (and the session's use it is) while sessions idle out after 3 s */
    const sessions = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).settings.sessions;
    const idleSeconds = sessions.idleSeconds;
    const saveWithShortIdle = async (phone: Member, sub?: BrowserSubscription) => {
      sessions.idleSeconds = 3;
      try {
        return await subscribe(phone, sub);
      } finally {
        sessions.idleSeconds = idleSeconds;
      }
    };
    const left = await saveWithShortIdle(closed);
    const back = await saveWithShortIdle(reopened);
    const savedAt = Date.now();
    await say(ben, matchId, 'before');
    await Promise.all([pushed(left), pushed(back), pushed(own)]);

    // 2 s on, one app comes back and saves its subscription again; the other stays closed
    await new Promise((r) => setTimeout(r, savedAt + 2000 - Date.now()));
    await saveWithShortIdle(reopened, back);
    await new Promise((r) => setTimeout(r, savedAt + 3500 - Date.now()));
    await say(ben, matchId, 'after');
    await Promise.all([pushed(own, 2), pushed(back, 2)]);
    await eventually(async () => (await pushJobsLeft()) === 0, 20_000, 'the push job');
    expect(push.to(left).map((r) => (r.payload as { message: string }).message)).toEqual(['before']);
    // its session is gone too: the app must sign in again before it saves anything
    expect((await closed.api.post('/api/push/subscriptions', { endpoint: left.endpoint, keys: left.keys })).status).toBe(401);
  });

  /** the answer to a save of a new subscription of `m`'s that `meanwhile` happened during (past its session check), and whether it was kept */
  const saveHeldDuring = async (m: Member, meanwhile: () => Promise<void>) => {
    const sub = push.subscribe();
    const held = holdRpc(gw, [Rpc.notifications.savePushSubscription], forMember(m.id));
    try {
      const saving = m.api.post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null });
      await held.reached;
      await meanwhile();
      held.release();
      const answer = await saving;
      return { answer, kept: (await gw.query('notifications', 'SELECT 1 FROM notifications.push_subscriptions WHERE endpoint = $1', [sub.endpoint])).length > 0 };
    } finally {
      held.restore();
    }
  };

  it('keeps no subscription saved for an account deleted while the saving was on its way (past its session check)', async () => {
    const ana = await createMember(base, 'Ana', 'female');
    const { answer, kept } = await saveHeldDuring(ana, async () => {
      expect((await ana.api.delete(`/api/users/${ana.id}`)).status).toBe(200);
      await eventually(async () => (await gw.query('notifications', 'SELECT 1 FROM notifications.departed_members WHERE user_id = $1', [ana.id])).length === 1, 10_000, 'notifications to hear of the deletion');
    });
    expect(answer).toMatchObject({ status: 404, body: { message: Messages.accountNotFound } });
    expect(kept).toBe(false);
  });

  it('keeps no subscription saved by a session that signed out while the saving was on its way (the app saves again as it starts)', async () => {
    const ana = await createMember(base, 'Ana', 'female');
    const { answer, kept } = await saveHeldDuring(ana, async () => expect((await ana.api.post('/api/auth/logout')).status).toBe(200));
    expect(answer.status).toBe(401);
    expect(kept).toBe(false);
  });

  it('refuses what is not a push subscription, and signed-out visitors', async () => {
    const m = await createMember(base, 'Nia', 'female');
    const sub = push.subscribe();
    expect((await m.api.post('/api/push/subscriptions', { endpoint: 'javascript:alert(1)', keys: sub.keys })).status).toBe(400);
    expect((await m.api.post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } })).status).toBe(400);
    expect((await m.api.post('/api/push/subscriptions', { endpoint: sub.endpoint })).status).toBe(400);
    expect((await new ApiClient(base).post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(401);
  });
});
