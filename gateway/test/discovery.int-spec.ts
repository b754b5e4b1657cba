import { Events, Messages, photoUrl, type ProfileChangedEvent, Rpc, SocketEvents } from '@aero/contracts';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { demoCrew } from '../src/demo/demo-crew.js';
import { demoReply } from '../src/demo/demo-replies.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { connect } from './support/sockets.js';
import { indexedPlan } from './support/query-plan.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

type Member = { api: ApiClient; id: string; email: string };
type Card = { id: string; firstName: string; distanceBand: number | null; boosted: boolean } & Record<string, unknown>;

/**
 * Discovery through the real gateway in both runtime modes: who appears in whose deck, likes,
 * matches (once per pair, even at the same instant), undo, super likes, boost, profile views,
 * saved filters, deletion, and location privacy.
 */
describe.each(GATEWAY_MODES)('discovery over HTTP (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;

  const adminEmail = testEmail('ops');
  beforeAll(async () => {
    gw = await startTestGateway(mode, { DEMO_SEED: 'false', ADMIN_EMAILS: adminEmail });
    base = gw.base;
  });
  afterAll(() => gw?.close());

  // Dallas, and points around it
  const DALLAS = { latitude: '32.7767', longitude: '-96.7970' };

  async function member(profile: Record<string, unknown> = {}, userType = 'airline'): Promise<Member> {
    const api = new ApiClient(base);
    const email = testEmail('crew');
    expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
    const verified = await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) });
    const id = verified.body.user.id as string;
    const created = await api.post('/api/users', {
      firstName: 'Alex',
      age: 30,
      bio: 'Flying high',
      location: 'Dallas, Texas',
      ...DALLAS,
      gender: 'female',
      interestedIn: 'man',
      userType,
      airline: 'Delta Air Lines',
      position: 'Pilot',
      photos: [photoUrl(id, randomUUID())],
      ...profile,
    });
    expect(created.status).toBe(201);
    return { api, id, email };
  }

  const deckOf = async (m: Member, query = '') => (await m.api.get(`/api/discovery${query}`)).body as Card[];
  /** waits until the events have reached discovery: `who` shows in `m`'s deck (or not) */
  const seen = (m: Member, who: Member, query = '') => eventually(async () => (await deckOf(m, query)).find((c) => c.id === who.id), 10_000, 'the card');
  const ids = (cards: Card[]) => cards.map((c) => c.id);

  it('shows members who fit both ways, and never the caller, a misfit, an unpaid general member or an incomplete profile', async () => {
    const ana = await member({ firstName: 'Ana', gender: 'female', interestedIn: 'man' });
    const ben = await member({ firstName: 'Ben', gender: 'male', interestedIn: 'woman' });
    const carl = await member({ firstName: 'Carl', gender: 'male', interestedIn: 'man' });
    const dan = await member({ firstName: 'Dan', gender: 'male', interestedIn: 'woman' }, 'general');
    const old = await member({ firstName: 'Olaf', gender: 'male', interestedIn: 'woman', age: 70 });
    const picky = await member({ firstName: 'Pete', gender: 'male', interestedIn: 'woman', agePreferenceMin: 40 });
    await seen(ana, ben);
    const cards = await deckOf(ana);
    expect(ids(cards)).not.toContain(ana.id);
    expect(ids(cards)).not.toContain(carl.id);
    expect(ids(cards)).not.toContain(dan.id);
    expect(ids(cards)).not.toContain(picky.id);
    // Ana's own range (18-99 by default) takes Olaf at 70
    expect(ids(cards)).toContain(old.id);
    const card = cards.find((c) => c.id === ben.id)!;
    expect(card).toMatchObject({ firstName: 'Ben', distanceBand: 5, boosted: false, verified: false });
    const text = JSON.stringify(cards);
    expect(text).not.toMatch(/email|latitude|longitude|32\.77|-96\.79|hash|password/i);
  });

  it('makes a match when both like, once, with a chat room and a notification for each', async () => {
    const eve = await member({ firstName: 'Eve', gender: 'female', interestedIn: 'man' });
    const finn = await member({ firstName: 'Finn', gender: 'male', interestedIn: 'woman' });
    await seen(eve, finn);
    await seen(finn, eve);
    expect((await eve.api.patch('/api/likes', { toUserId: finn.id, isSuper: false })).body).toEqual({ isMatch: false });
    const liked = await finn.api.patch('/api/likes', { toUserId: eve.id, isSuper: false });
    expect(liked.status).toBe(200);
    expect(liked.body.isMatch).toBe(true);
    const matchId = liked.body.match.id as string;
    // liking again changes nothing and answers the same match
    expect((await eve.api.patch('/api/likes', { toUserId: finn.id, isSuper: false })).body).toEqual({ isMatch: true, match: { id: matchId } });
    for (const [me, other, name] of [[eve, finn, 'Finn'], [finn, eve, 'Eve']] as const) {
      const matches = (await me.api.get('/api/matches')).body;
      expect(matches).toEqual([expect.objectContaining({ id: matchId, otherUser: expect.objectContaining({ id: other.id, firstName: name }), hasMessages: false, hasUnreadMessages: false })]);
      const notes = await eventually(async () => {
        const list = (await me.api.get('/api/notifications')).body as { type: string; title: string; data: Record<string, string>; read: boolean }[];
        return list.find((n) => n.type === 'match') ? list : undefined;
      });
      // news to Eve, whose like was answered; Finn's own like made it, and its answer told him: his is read
      expect(notes.find((n) => n.type === 'match')).toMatchObject({ title: `It's a match with ${name}!`, data: { matchId }, read: me === finn });
    }
    const finnNotes = (await finn.api.get('/api/notifications')).body as { type: string; title: string }[];
    expect(finnNotes.find((n) => n.type === 'like')).toMatchObject({ title: 'Eve liked you' });
    // Finn's like made the match: Eve hears of the match, not of a like she can no longer answer
    const eveNotes = (await eve.api.get('/api/notifications')).body as { type: string; title: string }[];
    expect(eveNotes.filter((n) => n.type === 'like' || n.type === 'super_like')).toEqual([]);
    const rooms = await eventually(async () => (await gw.query<{ member_ids: string[] }>('messaging', 'SELECT member_ids FROM messaging.chat_rooms WHERE match_id = $1', [matchId]))[0]);
    expect([...rooms.member_ids].sort()).toEqual([eve.id, finn.id].sort());
    expect(ids(await deckOf(eve))).not.toContain(finn.id);
  });

  it('makes exactly one match per pair when both like at the same instant', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => [await member({ firstName: `W${i}` }), await member({ firstName: `M${i}`, gender: 'male', interestedIn: 'woman' })] as const),
    );
    await Promise.all(pairs.map(([w, m]) => seen(w, m)));
    await Promise.all(pairs.map(([w, m]) => seen(m, w)));
    const results = await Promise.all(pairs.flatMap(([w, m]) => [w.api.patch('/api/likes', { toUserId: m.id }), m.api.patch('/api/likes', { toUserId: w.id })]));
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const [w, m] of pairs) {
      const wm = (await w.api.get('/api/matches')).body;
      const mm = (await m.api.get('/api/matches')).body;
      expect(wm).toHaveLength(1);
      expect(mm).toHaveLength(1);
      expect(wm[0].id).toBe(mm[0].id);
    }
  });

  it('passes, undoes the last action, and says when there is nothing to undo', async () => {
    const gail = await member({ firstName: 'Gail' });
    const hank = await member({ firstName: 'Hank', gender: 'male', interestedIn: 'woman' });
    await seen(gail, hank);
    expect((await gail.api.post('/api/undo-swipe')).body.message).toBe(Messages.noActionToUndo);
    expect((await gail.api.post('/api/pass', { toUserId: hank.id })).body).toEqual({ success: true });
    expect(ids(await deckOf(gail))).not.toContain(hank.id);
    expect((await gail.api.post('/api/undo-swipe')).status).toBe(200);
    expect(ids(await deckOf(gail))).toContain(hank.id);
    const none = await gail.api.post('/api/undo-swipe');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(Messages.noActionToUndo);
  });

  /** the member's notifications of `type` */
  const notesOf = async (m: Member, type: string) => ((await m.api.get('/api/notifications')).body as { type: string; title: string }[]).filter((n) => n.type === type);
  /** `m`'s like notifications once the like of `witness` has arrived: made last, it is handled after any made before it (same consumer) */
  const likeNotesOnceToldOf = (m: Member, witness: string) =>
    eventually(async () => {
      const found = await notesOf(m, 'like');
      return found.some((n) => n.title === `${witness} liked you`) ? found : undefined;
    }, 10_000, `${witness}'s like's notification`);

  it('takes back the notification of a like that is undone: a like again tells once', async () => {
    const amy = await member({ firstName: 'Amy' });
    const bob = await member({ firstName: 'Bob', gender: 'male', interestedIn: 'woman' });
    await seen(amy, bob);
    await amy.api.patch('/api/likes', { toUserId: bob.id });
    await eventually(async () => (await notesOf(bob, 'like')).length === 1, 10_000, "Bob's notification");
    expect((await amy.api.post('/api/undo-swipe')).body).toMatchObject({ success: true, toUserId: bob.id, action: 'like' });
    await eventually(async () => (await notesOf(bob, 'like')).length === 0, 10_000, "Bob's notification to go");
    await amy.api.patch('/api/likes', { toUserId: bob.id });
    expect(await eventually(async () => {
      const notes = await notesOf(bob, 'like');
      return notes.length ? notes : undefined;
    }, 10_000, "Bob's notification again")).toEqual([expect.objectContaining({ title: 'Amy liked you' })]);
  });

  it("takes back the notification of a like its member answers with a pass, and only that like's", async () => {
    const amy = await member({ firstName: 'Amy' });
    const cat = await member({ firstName: 'Cat' });
    const bob = await member({ firstName: 'Bob', gender: 'male', interestedIn: 'woman' });
    await seen(amy, bob);
    await seen(cat, bob);
    await amy.api.patch('/api/likes', { toUserId: bob.id });
    await cat.api.patch('/api/likes', { toUserId: bob.id });
    await eventually(async () => (await notesOf(bob, 'like')).length === 2, 10_000, "Bob's notifications");
    expect((await bob.api.post('/api/pass', { toUserId: amy.id })).body).toEqual({ success: true });
    const left = await eventually(async () => {
      const notes = await notesOf(bob, 'like');
      return notes.length === 1 ? notes : undefined;
    }, 10_000, "Amy's like's notification to go");
    expect(left).toEqual([expect.objectContaining({ title: 'Cat liked you' })]);
    // Cat's like still makes the match
    expect((await bob.api.patch('/api/likes', { toUserId: cat.id })).body).toMatchObject({ isMatch: true });
  });

  it('gives back the notification of a like its member passed when they undo the pass', async () => {
    const amy = await member({ firstName: 'Amy' });
    const bob = await member({ firstName: 'Bob', gender: 'male', interestedIn: 'woman' });
    await seen(amy, bob);
    await amy.api.patch('/api/likes', { toUserId: bob.id });
    await eventually(async () => (await notesOf(bob, 'like')).length === 1, 10_000, "Bob's notification");
    expect((await bob.api.post('/api/pass', { toUserId: amy.id })).body).toEqual({ success: true });
    await eventually(async () => (await notesOf(bob, 'like')).length === 0, 10_000, "Bob's notification to go");
    expect((await bob.api.post('/api/undo-swipe')).body).toMatchObject({ success: true, toUserId: amy.id, action: 'pass' });
    expect(await eventually(async () => {
      const notes = await notesOf(bob, 'like');
      return notes.length ? notes : undefined;
    }, 10_000, "Bob's notification back")).toEqual([expect.objectContaining({ title: 'Amy liked you' })]);
    // passed again, it goes again
    expect((await bob.api.post('/api/pass', { toUserId: amy.id })).body).toEqual({ success: true });
    await eventually(async () => (await notesOf(bob, 'like')).length === 0, 10_000, "Bob's notification to go again");
    // out of Bob's sight since (verified crew only), her like is news for him no more: an undo brings nothing back
    expect((await amy.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'verified-only' } })).status).toBe(200);
    await eventually(async () => (await bob.api.post('/api/profile-views', { viewedUserId: amy.id })).status === 404, 10_000, 'Amy out of his sight');
    expect((await bob.api.post('/api/undo-swipe')).body).toMatchObject({ success: true, toUserId: amy.id, action: 'pass' });
    // a witness: a like made after the undo is told, and Amy's is not
    const cat = await member({ firstName: 'Cat' });
    await seen(cat, bob);
    await cat.api.patch('/api/likes', { toUserId: bob.id });
    await eventually(async () => (await notesOf(bob, 'like')).length === 1, 10_000, "Cat's like told");
    expect(await notesOf(bob, 'like')).toEqual([expect.objectContaining({ title: 'Cat liked you' })]);
  });

  it('tells nothing of a like from someone its member already passed', async () => {
    const amy = await member({ firstName: 'Amy' });
    const cat = await member({ firstName: 'Cat' });
    const bob = await member({ firstName: 'Bob', gender: 'male', interestedIn: 'woman' });
    await seen(bob, amy);
    await seen(amy, bob);
    await seen(cat, bob);
    expect((await bob.api.post('/api/pass', { toUserId: amy.id })).body).toEqual({ success: true });
    const liked = await amy.api.patch('/api/likes', { toUserId: bob.id });
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ isMatch: false });
    // Cat's like is handled after Amy's (same consumer): once it has arrived, Amy's would have too
    await cat.api.patch('/api/likes', { toUserId: bob.id });
    const notes = await likeNotesOnceToldOf(bob, 'Cat');
    expect(notes).toEqual([expect.objectContaining({ title: 'Cat liked you' })]);
  });

  it("tells nothing of a like from a member whose privacy keeps them out of its member's sight", async () => {
    const uli = await member({ firstName: 'Uli' });
    const vik = await member({ firstName: 'Vik', gender: 'male', interestedIn: 'woman' });
    const cal = await member({ firstName: 'Cal', gender: 'male', interestedIn: 'woman' });
    await seen(vik, uli);
    await seen(uli, vik);
    await seen(cal, uli);
    // Vik shows himself to verified crew only: Uli (not verified) no longer sees him
    expect((await vik.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'verified-only' } })).status).toBe(200);
    await eventually(async () => (await uli.api.post('/api/profile-views', { viewedUserId: vik.id })).status === 404, 10_000, 'Vik out of her sight');
    expect((await vik.api.patch('/api/likes', { toUserId: uli.id })).body).toEqual({ isMatch: false });
    // she could not answer it: 'Vik liked you' would name someone she cannot see nor like back
    expect((await uli.api.patch('/api/likes', { toUserId: vik.id })).status).toBe(404);
    // a witness: Cal's like comes after Vik's on the same consumer, so once it has arrived, Vik's would have too
    await cal.api.patch('/api/likes', { toUserId: uli.id });
    const notes = await likeNotesOnceToldOf(uli, 'Cal');
    expect(notes).toEqual([expect.objectContaining({ title: 'Cal liked you' })]);
  });

  it('lets a hidden member browse incognito: their views and likes tell no one, a like that makes a match still does, and once visible their like puts them first', async () => {
    const amy = await member({ firstName: 'Amy' });
    const eve = await member({ firstName: 'Eve' });
    const bea = await member({ firstName: 'Bea' });
    const cal = await member({ firstName: 'Cal', gender: 'male', interestedIn: 'woman' });
    const dan = await member({ firstName: 'Dan', gender: 'male', interestedIn: 'woman' });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3355aa' } }).png().toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dan.png');
    const uploaded = await fetch(`${base}/api/photos`, { method: 'POST', body: form, headers: { origin: base, cookie: dan.api.cookie } });
    const [danPhoto] = ((await uploaded.json()) as { photos: string[] }).photos;
    const open = async (m: Member) => (await fetch(`${base}${danPhoto}`, { redirect: 'manual', headers: { cookie: m.api.cookie } })).status;
    const visibility = async (m: Member) => (await gw.query<{ visibility: string }>('discovery', 'SELECT visibility FROM discovery.candidates WHERE user_id = $1', [m.id]))[0]?.visibility;
    const viewers = async (m: Member) => ((await m.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((e) => e.viewer.id);
    const likeNotes = async (m: Member) => [...(await notesOf(m, 'like')), ...(await notesOf(m, 'super_like'))].map((n) => n.title);
    await seen(dan, eve);
    await seen(bea, dan);
    await seen(cal, amy);
    await seen(cal, eve);
    // visible, Dan looks at Eve (who viewed me shows him to her) and Bea likes him
    expect((await dan.api.post('/api/profile-views', { viewedUserId: eve.id })).status).toBe(200);
    expect(await viewers(eve)).toEqual([dan.id]);
    expect((await bea.api.patch('/api/likes', { toUserId: dan.id })).body).toEqual({ isMatch: false });

    expect((await dan.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } })).status).toBe(200);
    await eventually(async () => (await visibility(dan)) === 'hidden', 10_000, 'the settings in discovery');
    // hidden, he still has his deck, looks and swipes as before...
    await seen(dan, amy);
    expect((await dan.api.post('/api/profile-views', { viewedUserId: amy.id })).status).toBe(200);
    expect((await dan.api.patch('/api/likes', { toUserId: amy.id })).body).toEqual({ isMatch: false });
    expect((await dan.api.post('/api/super-like', { toUserId: eve.id })).body).toEqual({ isMatch: false });
    // ...a super like spends the day's one all the same
    expect((await dan.api.post('/api/super-like', { toUserId: bea.id })).body.message).toBe(Messages.noSuperLikes);
    // Bea's like is answered: the match is made and told to both, and she sees him as matches do
    const matched = await dan.api.patch('/api/likes', { toUserId: bea.id });
    expect(matched.body).toMatchObject({ isMatch: true });
    for (const [m, name] of [[bea, 'Dan'], [dan, 'Bea']] as const) {
      expect(await eventually(async () => (await notesOf(m, 'match')).find((n) => n.title === `It's a match with ${name}!`), 10_000, `${name}'s match`)).toBeTruthy();
    }
    expect(await open(bea)).toBe(302);

    // Amy and Eve, who cannot answer him (he is in no deck), hear nothing: Cal's likes come after
    // Dan's on the same consumer, so once they have arrived, Dan's would have too
    expect((await amy.api.patch('/api/likes', { toUserId: dan.id })).status).toBe(404);
    await cal.api.patch('/api/likes', { toUserId: amy.id });
    await cal.api.patch('/api/likes', { toUserId: eve.id });
    for (const m of [amy, eve]) {
      await eventually(async () => (await likeNotes(m)).includes('Cal liked you'), 10_000, "Cal's like's notification");
      expect(await likeNotes(m)).toEqual(['Cal liked you']);
    }
    // nor is his look at Amy kept, and neither view opens his photos: not the one made while hidden,
    // nor Eve's from before he hid (a hidden member is seen by his matches only)
    expect(await viewers(amy)).toEqual([]);
    expect((await amy.api.get('/api/profile-views/count')).body).toEqual({ count: 0 });
    expect(await open(amy)).toBe(404);
    expect(await open(eve)).toBe(404);

    // visible again: his look at Amy while hidden stays untold, his view of Eve from before is back,
    // and his like puts him first in Amy's deck (once she answered Cal's), to answer with a match
    expect((await dan.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'everyone' } })).status).toBe(200);
    await eventually(async () => (await visibility(dan)) === 'everyone', 10_000, 'the settings in discovery');
    expect(await viewers(amy)).toEqual([]);
    expect(await viewers(eve)).toEqual([dan.id]);
    expect((await amy.api.post('/api/pass', { toUserId: cal.id })).body).toEqual({ success: true });
    expect((await deckOf(amy)).filter((c) => !c.boosted)[0]?.id).toBe(dan.id);
    expect((await amy.api.patch('/api/likes', { toUserId: dan.id })).body).toMatchObject({ isMatch: true });
    expect(await eventually(async () => (await notesOf(amy, 'match')).find((n) => n.title === "It's a match with Dan!"), 10_000, "Amy's match")).toBeTruthy();
  });

  it('allows one super like a day, given back by undo, which takes its notification back', async () => {
    const ivy = await member({ firstName: 'Ivy' });
    const [jon, kai] = [await member({ firstName: 'Jon', gender: 'male', interestedIn: 'woman' }), await member({ firstName: 'Kai', gender: 'male', interestedIn: 'woman' })];
    await seen(ivy, jon);
    await seen(ivy, kai);
    expect((await ivy.api.post('/api/super-like', { toUserId: jon.id })).body).toEqual({ isMatch: false });
    await eventually(async () => (await notesOf(jon, 'super_like')).length === 1, 10_000, "Jon's notification");
    const second = await ivy.api.post('/api/super-like', { toUserId: kai.id });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(Messages.noSuperLikes);
    expect(ids(await deckOf(ivy))).toContain(kai.id);
    expect((await ivy.api.post('/api/undo-swipe')).status).toBe(200);
    // the super like given back was never sent: Jon no longer has it
    await eventually(async () => (await notesOf(jon, 'super_like')).length === 0, 10_000, "Jon's notification to go");
    expect((await ivy.api.post('/api/super-like', { toUserId: kai.id })).status).toBe(200);
    const note = await eventually(async () => ((await kai.api.get('/api/notifications')).body as { type: string; title: string }[]).find((n) => n.type === 'super_like'));
    expect(note.title).toBe('Ivy super liked you');
  });

  /**
   * Runs `fn` while a transaction of the test's own on discovery's database holds what `sql` locks
   * (until `release` ends it); `waiting(n)`: at least `n` statements there wait for a lock.
   */
  async function holding(sql: string, params: unknown[], fn: (hold: { waiting: (n: number) => Promise<boolean>; release: (end: 'COMMIT' | 'ROLLBACK') => Promise<unknown> }) => Promise<void>) {
    const hold = new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') });
    await hold.connect();
    try {
      await hold.query('BEGIN');
      await hold.query(sql, params);
      const waiting = async (n: number) => (await hold.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n >= n;
      await fn({ waiting, release: (end) => hold.query(end) });
    } finally {
      await hold.end();
    }
  }

  it("an unmatch that meets the other member's deletion under way ends nothing more: the deletion ended the match, the unmatch answers 404", async () => {
    const wes = await member({ firstName: 'Wes', gender: 'female', interestedIn: 'man' });
    const xan = await member({ firstName: 'Xan', gender: 'male', interestedIn: 'woman' });
    await seen(wes, xan);
    await seen(xan, wes);
    expect((await wes.api.patch('/api/likes', { toUserId: xan.id })).body).toEqual({ isMatch: false });
    const matchId = (await xan.api.patch('/api/likes', { toUserId: wes.id })).body.match.id as string;
    // Xan's account deletion reaching discovery: his row and the match deleted, not yet committed
    await holding('WITH ended AS (DELETE FROM discovery.matches WHERE id = $2) DELETE FROM discovery.candidates WHERE user_id = $1', [xan.id, matchId], async ({ waiting, release }) => {
      let answered = false;
      const unmatch = wes.api.delete(`/api/matches/${matchId}`).finally(() => (answered = true));
      await eventually(async () => answered || (await waiting(1)), 10_000, 'the unmatch to wait for the deletion');
      await release('COMMIT');
      const answer = await unmatch;
      expect([answer.status, answer.body.message]).toEqual([404, Messages.matchNotFound]);
    });
  });

  it('undoes a like or makes the match with it, never both, when the like back comes at the same time', async () => {
    const una = await member({ firstName: 'Una' });
    const vic = await member({ firstName: 'Vic', gender: 'male', interestedIn: 'woman' });
    await seen(una, vic);
    await seen(vic, una);
    expect((await una.api.post('/api/super-like', { toUserId: vic.id })).body).toEqual({ isMatch: false });
    // Una's row held: her undo (which gives the super like back) waits once it has taken the like
    // away, uncommitted, while Vic's like back comes in
    await holding('SELECT 1 FROM discovery.candidates WHERE user_id = $1 FOR NO KEY UPDATE', [una.id], async ({ waiting, release }) => {
      const undo = una.api.post('/api/undo-swipe');
      await eventually(() => waiting(1), 10_000, 'the undo to wait');
      const likeBack = vic.api.patch('/api/likes', { toUserId: una.id });
      await eventually(() => waiting(2), 10_000, 'the like back to wait');
      await release('COMMIT');
      expect((await undo).status).toBe(200);
      expect((await likeBack).body).toEqual({ isMatch: false });
    });
    expect((await vic.api.get('/api/matches')).body).toEqual([]);
    expect((await una.api.get('/api/matches')).body).toEqual([]);
  });

  it('puts a boosted member first, one boost at a time', async () => {
    const lea = await member({ firstName: 'Lea', age: 35 });
    const max = await member({ firstName: 'Max', gender: 'male', interestedIn: 'woman', age: 36 });
    await seen(lea, max);
    const boost = await max.api.post('/api/boost', { duration: 30 });
    expect(boost.body.duration).toBe(30);
    expect(new Date(boost.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await max.api.post('/api/boost', {})).status).toBe(409);
    const first = (await deckOf(lea))[0];
    expect(first).toMatchObject({ id: max.id, boosted: true });
  });

  it('records who viewed a profile, and refuses yourself or an unknown profile', async () => {
    const nia = await member({ firstName: 'Nia' });
    const otto = await member({ firstName: 'Otto', gender: 'male', interestedIn: 'woman' });
    await seen(nia, otto);
    expect((await nia.api.post('/api/profile-views', { viewedUserId: otto.id })).status).toBe(200);
    expect((await nia.api.post('/api/profile-views', { viewedUserId: otto.id })).status).toBe(200);
    expect((await otto.api.get('/api/profile-views/count')).body).toEqual({ count: 1 });
    const [entry] = (await otto.api.get('/api/profile-views')).body;
    expect(entry.viewer).toMatchObject({ id: nia.id, firstName: 'Nia', position: 'Pilot' });
    expect(JSON.stringify(entry)).not.toMatch(/email|latitude/);
    expect((await nia.api.post('/api/profile-views', { viewedUserId: nia.id })).status).toBe(400);
    expect((await nia.api.post('/api/profile-views', { viewedUserId: randomUUID() })).status).toBe(404);
    expect((await nia.api.post('/api/profile-views', { viewedUserId: 'not-a-uuid' })).status).toBe(400);
  });

  it("lists who viewed me newest first, leaving out banned or suspended viewers before the page is cut, and counts in the badge the viewers the list shows", async () => {
    const vera = await member({ firstName: 'Vera' });
    /** a viewer with a profile, straight into discovery's read model, and their view `minutesAgo` */
    const viewer = async (i: number, minutesAgo: number, restrictedUntil: string | null = null) => {
      const id = randomUUID();
      await gw.query('discovery', 'INSERT INTO discovery.candidates (user_id, profile, restricted_until) VALUES ($1, $2::jsonb, $3)', [id, JSON.stringify({ id, firstName: `V${i}`, age: 30, photos: [] }), restrictedUntil]);
      await gw.query('discovery', `INSERT INTO discovery.profile_views (viewer_id, viewed_id, created_at) VALUES ($1, $2, now() - $3 * interval '1 minute')`, [id, vera.id, minutesAgo]);
      return id;
    };
    const list = async () => ((await vera.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((e) => e.viewer.id);
    const count = async () => ((await vera.api.get('/api/profile-views/count')).body as { count: number }).count;

    const first = [await viewer(0, 100), await viewer(1, 90), await viewer(2, 80)];
    // the most recent views are of a banned member and of one suspended for a week
    await viewer(3, 2, 'infinity');
    await viewer(4, 1, new Date(Date.now() + 7 * 24 * 3600_000).toISOString());
    expect(await list()).toEqual([...first].reverse());
    expect(await count()).toBe(3);

    // 60 viewers: the list shows its page (the 50 most recent who may be shown), and the badge counts those
    const more: string[] = [];
    for (let i = 5; i < 62; i++) more.push(await viewer(i, 70 - i));
    const shown = await list();
    expect(shown).toEqual([...first, ...more].reverse().slice(0, 50));
    expect(await count()).toBe(shown.length);
  });

  it("leaves out of 'who viewed me' and its count the viewers whose privacy hides them from the member: hidden from all, verified-only from all but verified staff", async () => {
    const oto = await member({ firstName: 'Oto', gender: 'male', interestedIn: 'woman' });
    const nia = await member({ firstName: 'Nia' });
    const vik = await member({ firstName: 'Vik' });
    const amy = await member({ firstName: 'Amy' });
    for (const viewer of [nia, vik, amy]) await seen(viewer, oto);
    expect((await nia.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } })).status).toBe(200);
    expect((await vik.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'verified-only' } })).status).toBe(200);
    const visibility = async (m: Member) => (await gw.query<{ visibility: string }>('discovery', 'SELECT visibility FROM discovery.candidates WHERE user_id = $1', [m.id]))[0]?.visibility;
    await eventually(async () => (await visibility(nia)) === 'hidden' && (await visibility(vik)) === 'verified-only', 10_000, 'the settings in discovery');
    for (const viewer of [nia, vik, amy]) expect((await viewer.api.post('/api/profile-views', { viewedUserId: oto.id })).status).toBe(200);
    const list = async () => ((await oto.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((e) => e.viewer.id);
    const count = async () => ((await oto.api.get('/api/profile-views/count')).body as { count: number }).count;
    // Oto is not verified: only Amy, who shows herself to everyone
    expect(await list()).toEqual([amy.id]);
    expect(await count()).toBe(1);
    // verified airline staff (the badge, straight into discovery's read model) sees Vik too, never Nia
    await gw.query('discovery', `UPDATE discovery.candidates SET profile = profile || '{"verified": true}'::jsonb WHERE user_id = $1`, [oto.id]);
    expect(await list()).toEqual([amy.id, vik.id]);
    expect(await count()).toBe(2);
    // one who hides from her own airline (Oto's) leaves his list too
    expect((await amy.api.request('PUT', '/api/users/me/settings', { privacy: { hideFromOwnAirline: true } })).status).toBe(200);
    await eventually(async () => (await list()).length === 1, 10_000, 'Amy hidden from her airline');
    expect(await list()).toEqual([vik.id]);
    expect(await count()).toBe(1);
    // shown to everyone again, Nia is not there: what she looked at while hidden was kept nowhere; her next look is
    await nia.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'everyone' } });
    await eventually(async () => (await visibility(nia)) === 'everyone', 10_000, 'Nia visible again');
    expect(await list()).toEqual([vik.id]);
    expect((await nia.api.post('/api/profile-views', { viewedUserId: oto.id })).status).toBe(200);
    expect(await list()).toEqual([nia.id, vik.id]);
    expect(await count()).toBe(2);
  });

  it("reads 'who viewed me' newest first through an index, not by sorting every view the member ever had", async () => {
    // ProfileViewRepository.listFor's statement
    const plan = await indexedPlan(
      gw,
      'discovery',
      `SELECT v.viewer_id, v.viewed_id, v.created_at FROM discovery.profile_views v JOIN discovery.candidates c ON c.user_id = v.viewer_id
       WHERE v.viewed_id = '${randomUUID()}' AND c.profile IS NOT NULL AND (c.restricted_until IS NULL OR c.restricted_until <= now())
         AND c.visibility <> 'hidden' AND (c.visibility = 'everyone' OR false)
         AND NOT ('Delta Air Lines'::text IS NOT NULL AND c.airline = 'Delta Air Lines' AND c.user_type = 'airline' AND (c.hide_own_airline OR false))
       ORDER BY v.created_at DESC LIMIT 50`,
    );
    expect(plan).not.toMatch(/Sort/);
    expect(plan).toMatch(/Index Scan using profile_views_recent/);
  });

  it("deletes a departed member's swipes, matches, views and blocks through indexes that start with each side, not by reading whole tables", async () => {
    const id = randomUUID();
    const leadingColumn = async (index: string) =>
      (
        await gw.query<{ attname: string }>(
          'discovery',
          `SELECT a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE c.relname = $1`,
          [index],
        )
      )[0]?.attname;
    // the statements of the account deletion's handler (forget-member-when-account-deleted)
    for (const [table, a, b] of [
      ['swipes', 'user_id', 'target_id'],
      ['matches', 'user_low', 'user_high'],
      ['profile_views', 'viewer_id', 'viewed_id'],
      ['blocks', 'blocker_id', 'blocked_id'],
    ]) {
      const plan = await indexedPlan(gw, 'discovery', `DELETE FROM discovery.${table} WHERE ${a} = '${id}' OR ${b} = '${id}'`);
      expect(plan).not.toMatch(/Seq Scan/);
      // each side read by an index that starts with it (an index by another column first reads all of itself)
      const scans = [...plan.matchAll(/Index Scan on (\w+)[^\n]*\n\s*Index Cond: \((\w+) =/g)].map(([, index, column]) => ({ index, column }));
      expect(scans.map((s) => s.column).sort()).toEqual([a, b].sort());
      for (const scan of scans) expect({ ...scan, leading: await leadingColumn(scan.index) }).toEqual({ ...scan, leading: scan.column });
    }
  });

  it('saves and loads the filter, refuses min above max with the spec message, and narrows the deck', async () => {
    const pia = await member({ firstName: 'Pia' });
    const ray = await member({ firstName: 'Ray', gender: 'male', interestedIn: 'woman', airline: 'JetBlue Airways', position: 'Airport Operations' });
    const sam = await member({ firstName: 'Sam', gender: 'male', interestedIn: 'woman', airline: 'United Airlines', position: 'Co-Pilot' });
    await seen(pia, ray);
    await seen(pia, sam);
    expect((await pia.api.post('/api/users/filter-preferences/load')).body).toEqual({ minAge: null, maxAge: null, airlines: [], positions: [], gender: 'everyone', baseAirports: [] });
    const bad = await pia.api.post('/api/users/filter-preferences', { minAge: 40, maxAge: 30 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(Messages.minAgeAboveMax);
    expect((await pia.api.post('/api/users/filter-preferences', { minAge: 25, maxAge: 45, airlines: ['JetBlue'], positions: [], gender: 'male' })).status).toBe(200);
    expect((await pia.api.post('/api/users/filter-preferences/load')).body).toEqual({ minAge: 25, maxAge: 45, airlines: ['JetBlue'], positions: [], gender: 'male', baseAirports: [] });
    const filtered = ids(await deckOf(pia, '/filtered?minAge=25&maxAge=45&airlines=JetBlue&gender=male'));
    expect(filtered).toContain(ray.id);
    expect(filtered).not.toContain(sam.id);
    // the dialog's positions are more general than the profiles': a pilot filter finds a co-pilot
    expect(ids(await deckOf(pia, '/filtered?positions=Pilot'))).toEqual(expect.arrayContaining([sam.id]));
    expect(ids(await deckOf(pia, '/filtered?positions=Pilot'))).not.toContain(ray.id);
    expect(ids(await deckOf(pia, '/filtered?positions=Operations'))).toEqual(expect.arrayContaining([ray.id]));
    expect(ids(await deckOf(pia, '/filtered?positions=Operations'))).not.toContain(sam.id);
    expect((await pia.api.get('/api/discovery/filtered?minAge=10')).status).toBe(400);
  });

  it('takes a like or super like only for someone who wants to meet the member: no "liked you" from outside their preferences', async () => {
    const ana = await member({ firstName: 'Ana', gender: 'female', interestedIn: 'man' });
    const gia = await member({ firstName: 'Gia', gender: 'female', interestedIn: 'man' });
    const young = await member({ firstName: 'Yara', gender: 'female', interestedIn: 'both', agePreferenceMax: 25 });
    const ben = await member({ firstName: 'Ben', gender: 'male', interestedIn: 'woman' });
    await seen(ben, ana);
    // by id, from outside the deck: Gia is not interested in women, Yara not in 30-year-olds
    for (const target of [gia, young]) {
      for (const [method, path] of [['PATCH', '/api/likes'], ['POST', '/api/super-like']] as const) {
        const res = await ana.api.request(method, path, { toUserId: target.id, isSuper: false });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(Messages.unknownProfile);
      }
      expect((await ana.api.post('/api/pass', { toUserId: target.id })).status).toBe(200);
    }
    // who wants to meet her still can be liked
    expect((await ana.api.patch('/api/likes', { toUserId: ben.id, isSuper: false })).status).toBe(200);
    await eventually(async () => ((await ben.api.get('/api/notifications')).body as { type: string }[]).some((n) => n.type === 'like'), 10_000, "Ben's like notification");
    for (const target of [gia, young]) expect(((await target.api.get('/api/notifications')).body as { type: string }[]).filter((n) => n.type === 'like')).toEqual([]);

    // one who liked her already: her like back stands, whatever he changed since
    const leo = await member({ firstName: 'Leo', gender: 'male', interestedIn: 'woman' });
    await seen(leo, ana);
    expect((await leo.api.patch('/api/likes', { toUserId: ana.id, isSuper: false })).body).toEqual({ isMatch: false });
    expect((await leo.api.patch(`/api/users/${leo.id}`, { interestedIn: 'man' })).status).toBe(200);
    await eventually(async () => !(await deckOf(ana)).some((c) => c.id === leo.id), 10_000, 'Leo out of her deck');
    expect((await ana.api.patch('/api/likes', { toUserId: leo.id, isSuper: false })).body).toMatchObject({ isMatch: true });
  });

  it("refuses swipes on yourself or on someone who is not there, and acts only as the session's member", async () => {
    const tom = await member({ firstName: 'Tom' });
    expect((await tom.api.patch('/api/likes', { toUserId: tom.id })).status).toBe(400);
    expect((await tom.api.patch('/api/likes', { toUserId: randomUUID() })).status).toBe(404);
    expect((await tom.api.patch('/api/likes', { toUserId: 'x' })).status).toBe(400);
    expect((await new ApiClient(base).patch('/api/likes', { toUserId: tom.id })).status).toBe(401);
    expect((await new ApiClient(base).get('/api/discovery')).status).toBe(401);
    // a userId in the body is not the caller: it is stripped
    const uma = await member({ firstName: 'Uma', gender: 'male', interestedIn: 'woman' });
    await seen(tom, uma);
    await tom.api.patch('/api/likes', { toUserId: uma.id, userId: uma.id });
    expect((await uma.api.get('/api/matches')).body).toEqual([]);
  });

  it('forgets a deleted member everywhere at once', async () => {
    const vic = await member({ firstName: 'Vic' });
    const wes = await member({ firstName: 'Wes', gender: 'male', interestedIn: 'woman' });
    await seen(vic, wes);
    await seen(wes, vic);
    await vic.api.patch('/api/likes', { toUserId: wes.id });
    await wes.api.patch('/api/likes', { toUserId: vic.id });
    await wes.api.post('/api/profile-views', { viewedUserId: vic.id });
    expect((await vic.api.get('/api/matches')).body).toHaveLength(1);
    expect((await wes.api.delete(`/api/users/${wes.id}`)).status).toBe(200);
    await eventually(async () => (await vic.api.get('/api/matches')).body.length === 0, 10_000, 'the match to go');
    expect((await vic.api.get('/api/profile-views/count')).body).toEqual({ count: 0 });
  });

  it('takes a match made while the other account is being deleted away with that account', async () => {
    const xia = await member({ firstName: 'Xia' });
    const yul = await member({ firstName: 'Yul', gender: 'male', interestedIn: 'woman' });
    await seen(xia, yul);
    await seen(yul, xia);
    await yul.api.patch('/api/likes', { toUserId: xia.id });
    const departed = async () => (await gw.query('discovery', 'SELECT 1 FROM discovery.departed_members WHERE user_id = $1', [yul.id])).length > 0;
    // the pair's match row held (uncommitted): Xia's like back waits once it has seen Yul's like,
    // and Yul deletes his account meanwhile
    const [low, high] = [xia.id, yul.id].sort();
    await holding('INSERT INTO discovery.matches (id, user_low, user_high) VALUES ($1, $2, $3)', [randomUUID(), low, high], async ({ waiting, release }) => {
      const likeBack = xia.api.patch('/api/likes', { toUserId: yul.id });
      await eventually(() => waiting(1), 10_000, 'the like back to wait');
      expect((await yul.api.delete(`/api/users/${yul.id}`)).status).toBe(200);
      // the deletion reached discovery: done, or waiting for the like
      await eventually(async () => (await waiting(2)) || (await departed()), 10_000, 'the deletion in discovery');
      await release('ROLLBACK');
      expect((await likeBack).status).toBe(200);
    });
    await eventually(departed, 10_000, 'the deletion to be done');
    expect(await gw.query('discovery', 'SELECT id FROM discovery.matches WHERE $1 IN (user_low, user_high)', [yul.id])).toEqual([]);
    expect(await gw.query('discovery', 'SELECT seq FROM discovery.swipes WHERE $1 IN (user_id, target_id)', [yul.id])).toEqual([]);
  });

  it('keeps the newest profile revision when an older event arrives late, and never brings back a member who left', async () => {
    const vera = await member({ firstName: 'Vera' });
    const tim = await member({ firstName: 'Tim', gender: 'male', interestedIn: 'woman' });
    const zed = await member({ firstName: 'Zed', gender: 'male', interestedIn: 'woman' });
    const card = await seen(vera, tim);
    const { distanceBand: _band, boosted: _boosted, ...profile } = card;
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const matching = { latitude: 32.7767, longitude: -96.797, distancePreference: null, agePreferenceMin: 18, agePreferenceMax: 99, profileCompleted: true, verification: 'none' as const };
    const updated = (userId: string, revision: number, firstName: string): ProfileChangedEvent =>
      ({ userId, revision, profile: { ...(profile as unknown as ProfileChangedEvent['profile']), id: userId, firstName }, matching });
    const publish = (payload: ProfileChangedEvent) => bus.publish([{ id: randomUUID(), subject: Events.profiles.profileUpdated, schemaVersion: 1, occurredAt: new Date().toISOString(), payload }]);
    const nameIn = async (who: Member, name: string) => (await deckOf(vera)).find((c) => c.id === who.id)?.firstName === name;

    await publish(updated(tim.id, 3, 'Timothy'));
    await eventually(() => nameIn(tim, 'Timothy'), 10_000, 'revision 3');
    // revision 2 comes late; a later event for Zed shows it has been handled (one consumer, in order)
    await publish(updated(tim.id, 2, 'Tim (stale)'));
    await publish(updated(zed.id, 5, 'Zeddy'));
    await eventually(() => nameIn(zed, 'Zeddy'), 10_000, 'the marker event');
    expect(await nameIn(tim, 'Timothy')).toBe(true);

    // a member who left stays gone, whatever arrives after
    expect((await zed.api.delete(`/api/users/${zed.id}`)).status).toBe(200);
    await eventually(async () => !(await deckOf(vera)).some((c) => c.id === zed.id), 10_000, 'Zed to leave');
    await publish(updated(zed.id, 9, 'Zed again'));
    await publish(updated(tim.id, 4, 'Tim 4'));
    await eventually(() => nameIn(tim, 'Tim 4'), 10_000, 'the marker event');
    expect((await deckOf(vera)).some((c) => c.id === zed.id)).toBe(false);
  });

  it('rebuilds the deck model from the owners\' current state (admin only)', async () => {
    const ada = await member({ firstName: 'Ada' });
    const bo = await member({ firstName: 'Bo', gender: 'male', interestedIn: 'woman', age: 41 });
    const hid = await member({ firstName: 'Hid', gender: 'male', interestedIn: 'woman', age: 42 });
    await seen(ada, bo);
    await seen(ada, hid, '/filtered?minAge=42&maxAge=42');
    expect((await hid.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } })).status).toBe(200);
    await eventually(async () => !(await deckOf(ada, '/filtered?minAge=42&maxAge=42')).some((c) => c.id === hid.id), 10_000, 'Hid hidden');
    await gw.query('discovery', 'DELETE FROM discovery.candidates');
    expect(await deckOf(ada)).toEqual([]);
    expect((await ada.api.post('/api/admin/discovery/rebuild')).status).toBe(403);
    const admin = new ApiClient(base);
    await admin.post('/api/auth/signup', { email: adminEmail, password: 'secret-pass' });
    await admin.post('/api/auth/verify', { email: adminEmail, code: await verificationCode(base, adminEmail) });
    const rebuilt = await admin.post('/api/admin/discovery/rebuild');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.profiles).toBeGreaterThanOrEqual(2);
    // the suite's other members fill the first cards: ask for Bo's age only
    const card = (await deckOf(ada, '/filtered?minAge=41&maxAge=41')).find((c) => c.id === bo.id);
    expect(card).toMatchObject({ firstName: 'Bo', age: 41, distanceBand: 5 });
    // settings are rebuilt too: Hid stays hidden
    expect(rebuilt.body.settings).toBeGreaterThanOrEqual(1);
    expect((await deckOf(ada, '/filtered?minAge=42&maxAge=42')).some((c) => c.id === hid.id)).toBe(false);
  });

  it('keeps settings on the server (own only, unknown keys refused) and applies privacy in every deck', async () => {
    const uli = await member({ firstName: 'Uli' });
    const hal = await member({ firstName: 'Hal', gender: 'male', interestedIn: 'woman', age: 44 });
    await seen(uli, hal);
    expect((await hal.api.get('/api/users/me/settings')).body).toEqual({
      notifications: { matches: false, messages: false, likes: false, promotions: false, previews: true },
      privacy: { showOnline: true, showDistance: true, showAge: true, profileVisibility: 'everyone', hideFromOwnAirline: false },
    });
    expect((await hal.api.request('PUT', '/api/users/me/settings', { privacy: { showAge: 'no' } })).status).toBe(400);
    // refused as every validation failure is: code `validation` and the failing field's own text (a nested one's too)
    const refused = (message: string) => ({ statusCode: 400, code: 'validation', message });
    expect((await hal.api.request('PUT', '/api/users/me/settings', { privacy: { showAgee: false } })).body).toEqual(refused('property showAgee should not exist'));
    expect((await hal.api.request('PUT', '/api/users/me/settings', { theme: 'dark' })).body).toEqual(refused('property theme should not exist'));
    expect((await hal.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'friends' } })).body).toEqual(refused('profileVisibility must be everyone, verified-only or hidden'));
    // a null is no value: refused, not stored (it would stop the deck's privacy from following, for everyone)
    expect((await hal.api.request('PUT', '/api/users/me/settings', { privacy: { showAge: null } })).body).toEqual(refused('showAge must be a boolean value'));
    expect((await hal.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: null } })).body).toEqual(refused('profileVisibility must be everyone, verified-only or hidden'));
    expect((await hal.api.request('PUT', '/api/users/me/settings', { notifications: { messages: null } })).body).toEqual(refused('messages must be a boolean value'));
    expect((await hal.api.request('PUT', '/api/users/me/settings', { privacy: null })).status).toBe(400);
    const saved = await hal.api.request('PUT', '/api/users/me/settings', { privacy: { showAge: false, showDistance: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.privacy).toEqual({ showOnline: true, showDistance: false, showAge: false, profileVisibility: 'everyone', hideFromOwnAirline: false });
    expect((await uli.api.get('/api/users/me/settings')).body.privacy.showAge).toBe(true);
    // (by his age's band: hiding his distance ranks him behind the suite's many members nearer than 5 miles)
    const card = await eventually(async () => {
      const c = (await deckOf(uli, '/filtered?minAge=44&maxAge=44')).find((x) => x.id === hal.id);
      return c && c.age === null ? c : undefined;
    }, 10_000, 'the hidden age');
    expect(card.distanceBand).toBeNull();

    // verified-only: not for members who are not verified airline staff; hidden: for nobody
    await hal.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'verified-only' } });
    await eventually(async () => !(await deckOf(uli)).some((c) => c.id === hal.id), 10_000, 'verified-only');
    // ...nor by his id: Uli (not verified) cannot like, super like or view him, as if he were not there
    expect((await uli.api.patch('/api/likes', { toUserId: hal.id })).status).toBe(404);
    expect((await uli.api.post('/api/super-like', { toUserId: hal.id })).status).toBe(404);
    expect((await uli.api.post('/api/profile-views', { viewedUserId: hal.id })).status).toBe(404);
    expect((await hal.api.get('/api/profile-views/count')).body).toEqual({ count: 0 });
    await hal.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } });
    await eventually(async () => (await uli.api.patch('/api/likes', { toUserId: hal.id })).status === 404, 10_000, 'a hidden member to refuse likes');
    await hal.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'everyone' } });
    // visible again (to a member who has not swiped on Hal)
    await seen(await member({ firstName: 'Zoe' }), hal, '/filtered?minAge=44&maxAge=44');
  });

  it('matches a member who hides their age on their five-year band only: no filter or preference finds the exact age', async () => {
    const vi = await member({ firstName: 'Vi' });
    // both 57 (the band 55-59, an age no other member of this suite has): Dee hides it, Sid shows it
    const dee = await member({ firstName: 'Dee', gender: 'male', interestedIn: 'woman', age: 57 });
    const sid = await member({ firstName: 'Sid', gender: 'male', interestedIn: 'woman', age: 57 });
    await seen(vi, sid, '/filtered?minAge=57&maxAge=57');
    expect((await dee.api.request('PUT', '/api/users/me/settings', { privacy: { showAge: false } })).status).toBe(200);
    await eventually(async () => (await deckOf(vi, '/filtered?minAge=57&maxAge=57')).find((c) => c.id === dee.id && c.age === null), 10_000, 'the hidden age');
    const within = async (query: string) => {
      const found = ids(await deckOf(vi, query));
      return { dee: found.includes(dee.id), sid: found.includes(sid.id) };
    };

    // single years around it: Dee is in every year of the band alike, Sid in his own only
    const years = [53, 54, 55, 56, 57, 58, 59, 60, 61];
    const seenIn: Record<number, { dee: boolean; sid: boolean }> = {};
    for (const year of years) seenIn[year] = await within(`/filtered?minAge=${year}&maxAge=${year}`);
    expect(seenIn).toEqual(Object.fromEntries(years.map((year) => [year, { dee: year >= 55 && year <= 59, sid: year === 57 }])));
    // the review's three requests (below, exactly, above) no longer pin it down
    expect(await within('/filtered?minAge=18&maxAge=54')).toEqual({ dee: false, sid: false });
    expect(await within('/filtered?minAge=58&maxAge=100')).toEqual({ dee: true, sid: false });
    expect(await within('/filtered?minAge=18&maxAge=56')).toEqual({ dee: true, sid: false });

    // Vi's own age preference, which she may change at will, goes by the band too
    // (each change takes Sid in or out, so his card tells when it has reached the deck)
    const prefer = async (agePreferenceMin: number, agePreferenceMax: number, sidIn: boolean) => {
      expect((await vi.api.patch(`/api/users/${vi.id}`, { agePreferenceMin, agePreferenceMax })).status).toBe(200);
      await eventually(async () => (await within('/filtered?minAge=53&maxAge=61')).sid === sidIn, 10_000, `the preference ${agePreferenceMin}-${agePreferenceMax}`);
      return within('/filtered?minAge=53&maxAge=61');
    };
    expect(await prefer(58, 58, false)).toEqual({ dee: true, sid: false });
    // and so does a like, which must be for one who wants to meet its member: Dee may like Vi, who sees him
    expect((await dee.api.patch('/api/likes', { toUserId: vi.id, isSuper: false })).body).toEqual({ isMatch: false });
    expect(await prefer(57, 57, true)).toEqual({ dee: true, sid: true });
    expect(await prefer(55, 56, false)).toEqual({ dee: true, sid: false });
    expect(await prefer(50, 57, true)).toEqual({ dee: true, sid: true });
    expect(await prefer(60, 99, false)).toEqual({ dee: false, sid: false });
  });

  it('finds and ranks a member who hides their distance by a wide ring only: no distance preference or deck order tells their band', async () => {
    const vi = await member({ firstName: 'Vi' });
    // north of Dallas (a degree of latitude is 69 miles); all 63, an age no other member of this suite has
    const milesNorth = (miles: number) => ({ latitude: (32.7767 + miles / 69.05).toFixed(6), longitude: '-96.7970' });
    const someone = (firstName: string, miles: number) => member({ firstName, gender: 'male', interestedIn: 'woman', age: 63, ...milesNorth(miles) });
    const dee = await someone('Dee', 3); // hides it
    const dex = await someone('Dex', 15); // hides it
    const sid = await someone('Sid', 15);
    const far = await someone('Far', 40);
    for (const hider of [dee, dex]) expect((await hider.api.request('PUT', '/api/users/me/settings', { privacy: { showDistance: false } })).status).toBe(200);
    const deck = async () => ids(await deckOf(vi, '/filtered?minAge=63&maxAge=63'));
    const names = new Map([dee, dex, sid, far].map((m, i) => [m.id, ['Dee', 'Dex', 'Sid', 'Far'][i]]));
    const order = async () => (await deck()).map((id) => names.get(id));
    // most recently active first within a band: Dex, then Sid, then Dee
    for (const [m, minutesAgo] of [[dex, 0], [sid, 1], [dee, 2], [far, 3]] as const) {
      await gw.query('discovery', `UPDATE discovery.candidates SET last_active_at = now() - make_interval(mins => $2) WHERE user_id = $1`, [m.id, minutesAgo]);
    }
    await eventually(async () => (await deckOf(vi, '/filtered?minAge=63&maxAge=63')).filter((c) => c.distanceBand === null).length === 2, 10_000, 'the hidden distances');

    // Dee is 3 miles away, but ranks as the farthest band of the first ring (25 miles), beside Dex and Sid by activity
    expect(await order()).toEqual(['Dex', 'Sid', 'Dee', 'Far']);

    // Vi's own distance preference, which she may change at will, reads a hidden distance by its ring (25, 100, 250 miles)
    const prefer = async (distancePreference: number | null, expected: string[]) => {
      expect((await vi.api.patch(`/api/users/${vi.id}`, { distancePreference })).status).toBe(200);
      await eventually(async () => JSON.stringify(await order()) === JSON.stringify(expected), 10_000, `the preference ${distancePreference}`);
    };
    await prefer(10, ['Dex', 'Dee']);
    await prefer(25, ['Dex', 'Sid', 'Dee']);
    await prefer(50, ['Dex', 'Sid', 'Dee', 'Far']);
    await prefer(null, ['Dex', 'Sid', 'Dee', 'Far']);

    // and the hider's own preference by its ring too: Dex (15 miles away) wanting members within 10
    // miles still has Vi within his (25-mile) ring, so his being in her deck tells nothing finer;
    // Sid, who shows his distance, is held to his 10 miles
    for (const m of [dex, sid]) expect((await m.api.patch(`/api/users/${m.id}`, { distancePreference: 10 })).status).toBe(200);
    await eventually(async () => JSON.stringify(await order()) === JSON.stringify(['Dex', 'Dee', 'Far']), 10_000, 'their own preferences');
  });

  it("opens a member's photos only to those who may see the profile", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa3355' } }).png().toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const owner = await member({ firstName: 'Ora', gender: 'male', interestedIn: 'woman' });
    const uploaded = await fetch(`${base}/api/photos`, { method: 'POST', body: form, headers: { origin: base, cookie: owner.api.cookie } });
    const [photo] = ((await uploaded.json()) as { photos: string[] }).photos;
    const viewer = await member({ firstName: 'Vi' });
    await seen(viewer, owner);
    const open = async (m: Member) => (await fetch(`${base}${photo}`, { redirect: 'manual', headers: { cookie: m.api.cookie } })).status;
    expect(await open(owner)).toBe(302);
    expect(await open(viewer)).toBe(302);
    // hidden: no longer for a member who may not see the profile...
    await owner.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } });
    await eventually(async () => (await open(viewer)) === 404, 10_000, 'the photo to close');
    // ...but still for a match
    const friend = await member({ firstName: 'Fay' });
    await owner.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'everyone' } });
    await seen(friend, owner);
    await seen(owner, friend);
    await friend.api.patch('/api/likes', { toUserId: owner.id });
    expect((await owner.api.patch('/api/likes', { toUserId: friend.id })).body.isMatch).toBe(true);
    await owner.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } });
    await eventually(async () => (await open(viewer)) === 404, 10_000, 'the photo to close again');
    expect(await open(friend)).toBe(302);
    // an unmatch closes them to the other as a block does (a member blocked cannot tell the two apart)
    await owner.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'everyone' } });
    await eventually(async () => (await open(viewer)) === 302, 10_000, 'the photo to open again');
    const [match] = (await friend.api.get('/api/matches')).body as { id: string }[];
    expect((await friend.api.delete(`/api/matches/${match!.id}`)).status).toBe(200);
    expect([await open(friend), await open(viewer)]).toEqual([404, 302]);
    expect((await fetch(`${base}/api/photos/not-a-user/x`, { redirect: 'manual', headers: { cookie: viewer.api.cookie } })).status).toBe(400);
  });

  it('never places a member more precisely than a grid cell (three positions, two victims in one cell)', async () => {
    const near = await member({ firstName: 'Near', gender: 'male', interestedIn: 'woman', latitude: '32.776100', longitude: '-96.797100' });
    const far = await member({ firstName: 'Far', gender: 'male', interestedIn: 'woman', latitude: '32.779900', longitude: '-96.792000' });
    const spy = await member({ firstName: 'Spy' });
    const bandsFrom = async (latitude: string, longitude: string) => {
      await spy.api.patch(`/api/users/${spy.id}`, { latitude, longitude });
      await eventually(async () => {
        const cards = await deckOf(spy);
        const a = cards.find((c) => c.id === near.id);
        const b = cards.find((c) => c.id === far.id);
        return a && b && (await spy.api.get('/api/users/me')).body.latitude === latitude ? [a.distanceBand, b.distanceBand] : undefined;
      });
      const cards = await deckOf(spy);
      return [cards.find((c) => c.id === near.id)!.distanceBand, cards.find((c) => c.id === far.id)!.distanceBand];
    };
    for (const [lat, lng] of [['32.8500', '-96.7970'], ['32.7767', '-96.6900'], ['32.7000', '-96.9000']]) {
      const [a, b] = await bandsFrom(lat, lng);
      expect(a).toBe(b);
    }
    // and the spy cannot step around the map all day: moves count against a daily budget
    // (RATE_LIMIT_LOCATIONS, 20), saves that keep the place do not
    const move = (i: number) => spy.api.patch(`/api/users/${spy.id}`, { latitude: (32 + i / 100).toFixed(4), longitude: '-96.8000' });
    for (let i = 0; i < 17; i++) expect((await move(i)).status).toBe(200);
    const refused = await move(17);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await spy.api.patch(`/api/users/${spy.id}`, { latitude: (32 + 16 / 100).toFixed(4), longitude: '-96.8000', bio: 'Same place' })).status).toBe(200);
    expect((await spy.api.patch(`/api/users/${spy.id}`, { bio: 'Still here' })).status).toBe(200);
  });
});

describe('demo crew (single-node default)', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node', { DEMO_SEED: 'true' })));
  afterAll(() => gw?.close());

  it('greets a new member with a live deck whose first right swipe is a match', async () => {
    const api = new ApiClient(gw.base);
    const email = testEmail('newbie');
    await api.post('/api/auth/signup', { email, password: 'secret-pass' });
    const id = (await api.post('/api/auth/verify', { email, code: await verificationCode(gw.base, email) })).body.user.id as string;
    // the crew is seeded in the background: this member registers while it is still arriving
    const created = await api.post('/api/users', {
      firstName: 'Nova', age: 29, bio: 'New here', location: 'Dallas, Texas', latitude: '32.7767', longitude: '-96.7970',
      gender: 'female', interestedIn: 'man', userType: 'airline', airline: 'Delta Air Lines', position: 'Flight Attendant', photos: [photoUrl(id, randomUUID())],
    });
    expect(created.status).toBe(201);
    const deck = await eventually(async () => {
      const cards = (await api.get('/api/discovery')).body as Card[];
      return cards.length >= 10 ? cards : undefined;
    }, 60_000, 'the demo crew in the deck');
    expect(deck.every((c) => c.gender === 'male' && ['woman', 'both'].includes(c.interestedIn as string))).toBe(true);
    expect((deck[0].photos as string[]).length).toBeGreaterThan(0);
    const photo = await fetch(`${gw.base}${deck[0].mainPhoto}`, { headers: { cookie: api.cookie }, redirect: 'follow' });
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const first = await api.patch('/api/likes', { toUserId: deck[0].id, isSuper: false });
    expect(first.body.isMatch).toBe(true);
    const notes = (await api.get('/api/notifications')).body as { type: string; title: string }[];
    expect(notes.some((n) => n.type === 'like' && n.title === `${deck[0].firstName} liked you`)).toBe(true);
    // the first message to a demo member gets one honest reply
    const matchId = first.body.match.id as string;
    await eventually(async () => (await api.get(`/api/matches/${matchId}/messages`)).status === 200, 10_000, 'the chat room');
    await api.post(`/api/matches/${matchId}/messages`, { content: 'Hi there!', messageType: 'text' });
    await api.post(`/api/matches/${matchId}/messages`, { content: 'Anyone?', messageType: 'text' });
    const chat = await eventually(async () => {
      const messages = (await api.get(`/api/matches/${matchId}/messages`)).body as { senderId: string; content: string }[];
      return messages.some((m) => m.senderId === deck[0].id) ? messages : undefined;
    }, 15_000, 'the demo reply');
    await new Promise((r) => setTimeout(r, 2_000));
    const replies = ((await api.get(`/api/matches/${matchId}/messages`)).body as { senderId: string; content: string }[]).filter((m) => m.senderId === deck[0].id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.content).toContain('demo profile');
    expect(chat[0]).toMatchObject({ content: 'Hi there!' });
    // the crew that replies within seconds is online (not 'Offline' over its own reply)
    const matches = (await api.get('/api/matches')).body as { id: string; online: boolean }[];
    expect(matches.find((m) => m.id === matchId)).toMatchObject({ online: true });
  });

  it("replies in the language the member's app said on its connection (Spanish), or since (German, from Settings); one that is not the app's is English", async () => {
    const api = new ApiClient(gw.base);
    const email = testEmail('hola');
    await api.post('/api/auth/signup', { email, password: 'secret-pass' });
    const id = (await api.post('/api/auth/verify', { email, code: await verificationCode(gw.base, email) })).body.user.id as string;
    expect((await api.post('/api/users', {
      firstName: 'Lucia', age: 31, bio: 'Hola', location: 'Dallas, Texas', latitude: '32.7767', longitude: '-96.7970',
      gender: 'female', interestedIn: 'man', userType: 'airline', airline: 'Delta Air Lines', position: 'Pilot', photos: [photoUrl(id, randomUUID())],
    })).status).toBe(201);
    // three of the crew who liked her (the crew's welcome likes): a like back is a match
    const deck = await eventually(async () => {
      const likedBy = new Set(((await api.get('/api/notifications')).body as { type: string; data: { fromUserId?: string } }[]).filter((n) => n.type === 'like').map((n) => n.data.fromUserId));
      const cards = ((await api.get('/api/discovery')).body as Card[]).filter((c) => likedBy.has(c.id));
      return cards.length >= 3 ? cards : undefined;
    }, 60_000, 'three of the crew who liked her in the deck');
    const socket = await connect(gw.base, { api, id, email } as Parameters<typeof connect>[1]);
    try {
      const replyTo = async (crew: Card, language: unknown, said: 'on auth' | 'since' = 'on auth') => {
        if (said === 'since') socket.emit(SocketEvents.language, { language });
        else {
          socket.emit(SocketEvents.auth, { type: 'auth', userId: id, language });
          await new Promise((resolve) => socket.once(SocketEvents.authSuccess, resolve));
        }
        const matchId = (await api.patch('/api/likes', { toUserId: crew.id, isSuper: false })).body.match.id as string;
        await eventually(async () => (await api.get(`/api/matches/${matchId}/messages`)).status === 200, 10_000, 'the chat room');
        const ack = (await socket.timeout(15_000).emitWithAck(SocketEvents.message, { id: randomUUID(), matchId, content: '¡Hola!', messageType: 'text' })) as { message?: unknown };
        expect(ack.message).toBeDefined();
        return eventually(async () => ((await api.get(`/api/matches/${matchId}/messages`)).body as { senderId: string; content: string }[]).find((m) => m.senderId === crew.id)?.content, 15_000, 'the demo reply');
      };
      expect(await replyTo(deck[0]!, 'es')).toBe(demoReply(deck[0]!.firstName as string, 'spanish'));
      // a language that is not one of the app's (a forged auth) is English
      expect(await replyTo(deck[1]!, 'tlh')).toBe(demoReply(deck[1]!.firstName as string, 'english'));
      // the language changed in Settings since the connection authenticated
      expect(await replyTo(deck[2]!, 'de', 'since')).toBe(demoReply(deck[2]!.firstName as string, 'german'));
    } finally {
      socket.disconnect();
    }
  });

  it('a demo member whose account was deleted stays gone at the next start, and the rest of the crew is seeded all the same', async () => {
    const crew = demoCrew();
    const travellers = crew.filter((m) => m.layover).map((m) => m.id);
    const layovers = async () => (await gw.query<{ user_id: string }>('discovery', 'SELECT user_id FROM discovery.layovers WHERE user_id = ANY($1::uuid[])', [travellers])).map((r) => r.user_id);
    const profiles = async () => (await gw.query('profiles', 'SELECT 1 FROM profiles.profiles WHERE user_id = ANY($1::uuid[])', [crew.map((m) => m.id)])).length;
    await eventually(async () => (await profiles()) === crew.length && (await layovers()).length === travellers.length, 120_000, 'the whole crew seeded');
    // an admin deletes one of the crew, seeded before most of the others
    const gone = crew.find((m) => !m.layover)!;
    expect(crew.indexOf(gone)).toBeLessThan(5);
    await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc.send(Rpc.identity.deleteAccount, { accountId: gone.id });
    await eventually(async () => (await gw.query('profiles', 'SELECT 1 FROM profiles.departed_members WHERE user_id = $1', [gone.id])).length === 1, 30_000, 'the profile forgotten');
    // a layover that ended since, which the next start adds again
    await gw.query('discovery', 'DELETE FROM discovery.layovers WHERE user_id = $1', [travellers[0]]);

    await gw.stop();
    await gw.restart({ DEMO_SEED: 'true' });
    await eventually(async () => (await layovers()).includes(travellers[0]!), 120_000, 'the layover again');
    expect(await profiles()).toBe(crew.length - 1);
    // (its account, made again before the profile was refused, is deleted again)
    expect(await gw.query('identity', 'SELECT 1 FROM identity.accounts WHERE id = $1', [gone.id])).toEqual([]);
  });
});
