import type { Clock } from '@aero/common';
import { type CandidateView, type LayoverView, Messages, type PendingVerificationView, TEST_CARDS } from '@aero/contracts';
import { type ApiClient, eventually, testEmail } from '@aero/testing';
import pg from 'pg';
import { waitingOnLock } from './support/lock-waits.js';
import { createMember, type Member, signedInAdmin } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** the suite's daily budget of layover changes per member (RATE_LIMIT_LAYOVERS) */
const LAYOVERS_PER_DAY = 10;
/** the suite's daily budget of moves of a member's own place or base airport (RATE_LIMIT_LOCATIONS) */
const MOVES_PER_DAY = 6;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** the wall-clock time of `timeZone` at an instant, as a layover is entered ('2026-03-06T18:30') */
const wall = (at: Date | number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');
/** the instant a wall-clock time of `timeZone` names (no change of offset nearby) */
const instant = (local: string, timeZone: string) => {
  const naive = Date.parse(`${local}:00Z`);
  return naive - (Date.parse(`${wall(naive, timeZone)}:00Z`) - naive);
};
/** the calendar day `days` after the day of `local` */
const dayAfter = (local: string, days: number) => new Date(Date.parse(`${local.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Base airports and layovers (beyond spec, issue 17): through the real gateway in both runtime
 * modes, with the services' clock moved by the test. Each test meets in a city of its own, so the
 * layover decks of one test never see another's members.
 */
describe.each(GATEWAY_MODES)('layovers and base airports (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const adminEmail = testEmail('admin');
  let adminApi: Promise<ApiClient> | undefined;
  let nextAge = 30;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { ADMIN_EMAILS: adminEmail, RATE_LIMIT_LAYOVERS: String(LAYOVERS_PER_DAY), RATE_LIMIT_LOCATIONS: String(MOVES_PER_DAY) }, { clock });
    base = gw.base;
  });
  afterAll(() => gw?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  const admin = () => (adminApi ??= signedInAdmin(base, adminEmail));

  type Crew = Member & { age: number };

  /** an airline member in Dallas of an age of their own (so home decks can be narrowed to them) */
  async function member(firstName: string, gender: 'male' | 'female', profile: Record<string, unknown> = {}): Promise<Crew> {
    const age = nextAge++;
    return Object.assign(await createMember(base, firstName, gender, { age, ...profile }), { age });
  }

  /** an airline member whose employment document an admin approved (the badge) */
  async function verified(firstName: string, gender: 'male' | 'female', profile: Record<string, unknown> = {}): Promise<Crew> {
    const m = await member(firstName, gender, profile);
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'badge.pdf');
    expect((await fetch(`${base}/api/verification`, { method: 'POST', body: form, headers: { origin: base, cookie: m.api.cookie } })).status).toBe(201);
    const api = await admin();
    const pending = (await api.get('/api/admin/verifications')).body as PendingVerificationView[];
    expect((await api.post(`/api/admin/verifications/${pending.find((d) => d.userId === m.id)!.id}/approve`)).status).toBe(200);
    // discovery hears of the review through an event
    await eventually(async () => (await gw.query('discovery', 'SELECT verification FROM discovery.candidates WHERE user_id = $1', [m.id]))[0]?.verification === 'approved', 10_000, 'the badge in discovery');
    return m;
  }

  /** a general member who paid (the test provider's card), once discovery knows it (one who must pay has no deck) */
  async function subscriber(firstName: string, profile: Record<string, unknown> = {}): Promise<Crew> {
    const m = await member(firstName, 'male', { userType: 'general', airline: null, position: null, ...profile });
    const { clientSecret } = (await m.api.post('/api/get-or-create-subscription')).body as { clientSecret: string };
    expect((await m.api.post('/api/billing/test-payments', { clientSecret, cardNumber: TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
    await eventually(async () => (await gw.query('discovery', 'SELECT subscription_status FROM discovery.candidates WHERE user_id = $1', [m.id]))[0]?.subscription_status === 'active', 10_000, 'the subscription in discovery');
    return m;
  }

  const deck = async (m: Member) => {
    const res = await m.api.get('/api/discovery');
    expect(res.status).toBe(200);
    return res.body as CandidateView[];
  };
  const cardIn = async (viewer: Member, who: Member) => (await deck(viewer)).find((c) => c.id === who.id);
  /** the home deck narrowed to `who`'s age (the file's other members stay out of it) */
  const homeCard = async (viewer: Member, who: Crew) => ((await viewer.api.get(`/api/discovery/filtered?minAge=${who.age}&maxAge=${who.age}`)).body as CandidateView[]).find((c) => c.id === who.id);
  const saveLayover = (m: Member, body: Record<string, unknown>) => m.api.request('PUT', '/api/layover', body);
  /** adds a layover and expects it stored */
  async function layover(m: Member, body: Record<string, unknown>): Promise<LayoverView> {
    const res = await saveLayover(m, body);
    expect([res.status, res.body]).toEqual([200, expect.objectContaining({ label: expect.any(String) })]);
    return res.body as LayoverView;
  }
  /** waits until discovery knows `m`'s base airport (crew based there see only the layovers declared after that) */
  const basedIn = (m: Member, code: string) =>
    eventually(async () => (await gw.query('discovery', 'SELECT base_airport FROM discovery.candidates WHERE user_id = $1', [m.id]))[0]?.base_airport === code, 10_000, `based at ${code} in discovery`);
  const ownLayover = async (m: Member) => ((await m.api.get('/api/layover')).body as { layover: LayoverView | null }).layover;

  it('lets two verified crew members on overlapping layovers in the same city find each other, with the badge', async () => {
    const ana = await verified('Ana', 'female');
    const ben = await verified('Ben', 'male');
    const tz = 'America/Chicago';
    const now = Date.now();
    // arrived a little while ago, but today in Chicago (nights count local midnights: an hour ago is
    // yesterday between midnight and 1 AM there)
    const today = instant(`${wall(now, tz).slice(0, 10)}T00:00`, tz);
    const agoToday = (ms: number) => wall(Math.max(now - ms, today), tz);
    // Ana from O'Hare (an airport counts as its city), Ben in Evanston (within 50 km of Chicago's centre)
    const anas = await layover(ana, { airport: 'ord', arrivesAt: agoToday(HOUR_MS), departsAt: wall(now + 2 * DAY_MS, tz) });
    expect(anas).toMatchObject({ label: 'Chicago, Illinois', city: 'Chicago', airport: 'ORD', timeZone: tz, nights: 2, current: true, verifiedCrewOnly: false });
    await layover(ben, { city: 'Evanston, Illinois', arrivesAt: agoToday(2 * HOUR_MS), departsAt: wall(now + DAY_MS, tz) });

    const benInAnas = await cardIn(ana, ben);
    const anaInBens = await cardIn(ben, ana);
    expect(benInAnas).toMatchObject({ layover: { city: 'Evanston', nights: 1 }, distanceBand: null, verified: true });
    expect(anaInBens).toMatchObject({ layover: { city: 'Chicago', nights: 2 } });
    // the layover deck is the place: nobody from home (Dallas) is in it
    expect((await deck(ana)).every((c) => c.layover !== null)).toBe(true);

    // a match from there works as anywhere
    await ana.api.patch('/api/likes', { toUserId: ben.id });
    expect((await ben.api.patch('/api/likes', { toUserId: ana.id })).body).toMatchObject({ isMatch: true });
  });

  it('counts windows that only touch as apart, reads times in the time zone of the airport, and ends a layover at its departure', async () => {
    const cleo = await verified('Cleo', 'female');
    const dan = await verified('Dan', 'male');
    const tz = 'America/Denver';
    const day = dayAfter(wall(Date.now(), tz), 1);
    const cleos = await layover(cleo, { airport: 'DEN', arrivesAt: `${day}T08:00`, departsAt: `${dayAfter(day, 1)}T12:00` });
    // Denver's wall clock, not UTC's nor the server's
    expect(cleos).toMatchObject({ localArrivesAt: `${day}T08:00`, localDepartsAt: `${dayAfter(day, 1)}T12:00`, nights: 1, current: false });
    expect(wall(new Date(cleos.arrivesAt), tz)).toBe(`${day}T08:00`);
    expect(new Date(cleos.departsAt).getTime()).toBe(instant(`${dayAfter(day, 1)}T12:00`, tz));
    // Dan lands in Denver the minute Cleo leaves
    await layover(dan, { city: 'Denver, Colorado', arrivesAt: `${dayAfter(day, 1)}T12:00`, departsAt: `${dayAfter(day, 2)}T10:00` });

    offsetMs = instant(`${day}T09:00`, tz) - Date.now();
    expect((await ownLayover(cleo))?.current).toBe(true);
    expect(await cardIn(cleo, dan)).toBeUndefined();
    // one minute earlier, and the windows overlap
    await layover(dan, { city: 'Denver, Colorado', arrivesAt: `${dayAfter(day, 1)}T11:59`, departsAt: `${dayAfter(day, 2)}T10:00` });
    expect(await cardIn(cleo, dan)).toMatchObject({ layover: { city: 'Denver', nights: 1 } });
    // before his arrival Dan is at home, and his home deck knows nothing of Denver
    expect(await homeCard(dan, cleo)).toMatchObject({ layover: null });

    // the last minute of Cleo's layover, in Denver's time: both there, both see each other
    offsetMs = instant(`${dayAfter(day, 1)}T11:59`, tz) - Date.now() + 30_000;
    expect(await cardIn(dan, cleo)).toMatchObject({ layover: { city: 'Denver' } });
    expect(await cardIn(cleo, dan)).toBeDefined();
    // 12:00 in Denver: Cleo's layover is over at once, for both of them
    offsetMs = instant(`${dayAfter(day, 1)}T12:00`, tz) - Date.now();
    expect(await ownLayover(cleo)).toBeNull();
    expect(await cardIn(dan, cleo)).toBeUndefined();
    expect((await deck(cleo)).some((c) => c.layover !== null)).toBe(false);
  });

  it('stops a cancelled layover at once, and refuses layovers that break the rules', async () => {
    const eve = await verified('Eve', 'female');
    const finn = await verified('Finn', 'male');
    const tz = 'America/Los_Angeles';
    const now = Date.now();
    await layover(eve, { airport: 'SEA', arrivesAt: wall(now - HOUR_MS, 'America/Los_Angeles'), departsAt: wall(now + DAY_MS, tz) });
    await layover(finn, { city: 'Seattle, Washington', arrivesAt: wall(now - HOUR_MS, tz), departsAt: wall(now + DAY_MS, tz) });
    expect(await cardIn(finn, eve)).toBeDefined();

    expect((await eve.api.request('DELETE', '/api/layover')).status).toBe(200);
    expect(await cardIn(finn, eve)).toBeUndefined();
    expect(await ownLayover(eve)).toBeNull();
    expect((await eve.api.request('DELETE', '/api/layover')).status).toBe(404);

    const at = (hours: number) => wall(now + hours * HOUR_MS, tz);
    const refused = async (m: Member, body: Record<string, unknown>, status: number, message: string) => {
      const res = await saveLayover(m, { airport: 'SEA', arrivesAt: at(1), departsAt: at(20), ...body });
      expect([res.status, res.body.message]).toEqual([status, message]);
    };
    await refused(eve, { departsAt: at(1 + 4 * 24 + 1) }, 400, 'A layover lasts at most 4 days');
    await refused(eve, { arrivesAt: at(61 * 24), departsAt: at(62 * 24) }, 400, 'A layover starts at most 60 days ahead');
    await refused(eve, { departsAt: at(0.5) }, 400, 'The departure must be after the arrival');
    await refused(eve, { arrivesAt: at(-30), departsAt: at(-2) }, 400, 'This layover is already over');
    await refused(eve, { arrivesAt: 'tonight' }, 400, 'Enter the arrival and departure as a date and time');
    await refused(eve, { airport: 'QQQ' }, 400, 'Unknown airport');
    await refused(eve, { airport: null, city: 'Atlantis, Nowhere' }, 400, 'Choose a city or an airport from the list');
    await refused(eve, { airport: null, city: 'x'.repeat(121) }, 400, 'Location must be at most 120 characters');
    // only verified airline members: not staff without the badge, not general members
    await refused(await member('Gus', 'male'), {}, 403, 'Only verified airline members can add a layover');
    await refused(await member('Gia', 'female', { userType: 'general', airline: null, position: null }), {}, 403, 'Only verified airline members can add a layover');
    expect(await ownLayover(eve)).toBeNull();
  });

  it("limits how often a member adds or moves a layover in a day (city after city is no way to find someone), never the cancel", async () => {
    const ola = await verified('Ola', 'female');
    const tz = 'America/Chicago';
    const now = Date.now();
    const body = { airport: 'ORD', arrivesAt: wall(now - HOUR_MS, tz), departsAt: wall(now + DAY_MS, tz) };
    for (let i = 0; i < LAYOVERS_PER_DAY; i++) await layover(ola, body);
    const refused = await saveLayover(ola, { ...body, airport: 'DEN' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: Messages.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await ownLayover(ola))?.airport).toBe('ORD');
    expect((await ola.api.request('DELETE', '/api/layover')).status).toBe(200);
  });

  it('counts a move of the base airport against the day\'s budget of moves (airport after airport is no way to find a visitor), a save that keeps it not', async () => {
    const xia = await member('Xia', 'female', { baseAirport: 'DFW' });
    const rebase = (baseAirport: string, more: Record<string, unknown> = {}) => xia.api.patch(`/api/users/${xia.id}`, { baseAirport, ...more });
    const airports = ['ATL', 'BOS', 'DEN', 'JFK', 'LAX', 'MIA', 'SEA', 'SFO'].slice(0, MOVES_PER_DAY);
    for (const code of airports) expect([code, (await rebase(code)).status]).toEqual([code, 200]);
    const last = airports[airports.length - 1];
    expect((await rebase(last, { bio: 'Same base' })).status).toBe(200);
    expect((await xia.api.patch(`/api/users/${xia.id}`, { bio: 'Still here' })).status).toBe(200);
    const refused = await rebase('ORD');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: Messages.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await xia.api.get('/api/users/me')).body.baseAirport).toBe(last);
    // one budget: a move of the place is refused with it
    expect((await xia.api.patch(`/api/users/${xia.id}`, { latitude: '41.8781', longitude: '-87.6298' })).status).toBe(429);
  });

  it('shows a layover only to members in its overlap: crew based there see it, nobody at home or elsewhere learns the place', async () => {
    const hana = await verified('Hana', 'female');
    const tz = 'America/New_York';
    const now = Date.now();
    // crew living in New York, looking 25 miles around: based at LaGuardia and verified, or at Newark (within 50 km) without the badge yet
    const newYorker = { location: 'New York City, New York', latitude: '40.71', longitude: '-74.01', distancePreference: 25 };
    const ivo = await verified('Ivo', 'male', { ...newYorker, baseAirport: 'LGA' });
    const jon = await member('Jon', 'male', { ...newYorker, baseAirport: 'EWR' });
    // at home in Dallas with Hana: her home deck neighbours
    const kai = await member('Kai', 'male');
    const gen = await subscriber('Len');
    // living in New York, a general member who only looks 25 miles around
    const ned = await subscriber('Ned', newYorker);
    await basedIn(jon, 'EWR');

    await layover(hana, { airport: 'JFK', arrivesAt: wall(now - HOUR_MS, tz), departsAt: wall(now + 2 * DAY_MS - 3 * HOUR_MS, tz) });
    expect(await cardIn(ivo, hana)).toMatchObject({ layover: { city: 'New York City', nights: expect.any(Number) } });
    expect(await cardIn(jon, hana)).toMatchObject({ layover: { city: 'New York City' } });
    // Hana's layover deck: verified crew there (Ivo), not staff without the badge (Jon)
    expect(await cardIn(hana, ivo)).toMatchObject({ layover: null, baseAirport: 'LGA' });
    expect(await cardIn(hana, jon)).toBeUndefined();

    // at home (Dallas) she is in decks as usual, without a word of where she is
    for (const viewer of [kai, gen]) {
      const card = await homeCard(viewer, hana);
      expect(card).toMatchObject({ layover: null });
      expect(JSON.stringify(card)).not.toMatch(/New York|JFK|LGA/);
      expect(JSON.stringify((await viewer.api.get('/api/discovery')).body)).not.toMatch(/New York City|JFK/);
    }
    // a general member living in New York never sees her there
    expect(await cardIn(ned, hana)).toBeUndefined();
    // nor does her match list, who viewed me, or her own profile say it to anyone
    expect((await kai.api.post('/api/profile-views', { viewedUserId: hana.id })).status).toBe(200);
    expect(JSON.stringify((await hana.api.get('/api/profile-views')).body)).not.toMatch(/New York/);

    // 'verified crew only': Jon, without the badge, no longer sees her; Ivo still does
    await layover(hana, { airport: 'JFK', arrivesAt: wall(now - HOUR_MS, tz), departsAt: wall(now + 2 * DAY_MS - 3 * HOUR_MS, tz), verifiedCrewOnly: true });
    expect(await cardIn(jon, hana)).toBeUndefined();
    expect(await cardIn(ivo, hana)).toMatchObject({ layover: { city: 'New York City' } });

    // a layover that has not begun is nobody's business at the base yet
    await layover(hana, { airport: 'JFK', arrivesAt: wall(now + DAY_MS, tz), departsAt: wall(now + 2 * DAY_MS, tz) });
    expect(await cardIn(ivo, hana)).toBeUndefined();
  });

  it('shows a visitor\'s layover at a base only to members based there before it was declared, not to one who moves or registers there after', async () => {
    const tz = 'America/Chicago';
    const now = Date.now();
    // Wes has been based at O'Hare all along; Yan, new and without the badge, at DFW (both live in Dallas)
    const wes = await member('Wes', 'male', { baseAirport: 'ORD' });
    const yan = await member('Yan', 'male', { baseAirport: 'DFW' });
    await basedIn(wes, 'ORD');
    await basedIn(yan, 'DFW');
    const tia = await verified('Tia', 'female');
    await layover(tia, { airport: 'ORD', arrivesAt: wall(now - HOUR_MS, tz), departsAt: wall(now + 2 * DAY_MS, tz) });
    expect(await homeCard(wes, tia)).toMatchObject({ layover: { city: 'Chicago', nights: expect.any(Number) } });
    expect(await homeCard(yan, tia)).toMatchObject({ layover: null });

    // Yan moves his base to O'Hare after she declared it: she stays in his deck as a Dallas neighbour, without a word of Chicago
    expect((await yan.api.patch(`/api/users/${yan.id}`, { baseAirport: 'ORD' })).status).toBe(200);
    await basedIn(yan, 'ORD');
    const card = await homeCard(yan, tia);
    expect(card).toMatchObject({ layover: null });
    expect(JSON.stringify(card)).not.toMatch(/Chicago|ORD/);
    // nor does a member who registers based there now
    const zed = await member('Zed', 'male', { baseAirport: 'ORD' });
    await basedIn(zed, 'ORD');
    expect(await homeCard(zed, tia)).toMatchObject({ layover: null });
    // Wes still does
    expect(await homeCard(wes, tia)).toMatchObject({ layover: { city: 'Chicago' } });
  });

  it('shows crew based in the layover city who are home during some of the layover, not those away for all the rest of it', async () => {
    const tz = 'America/New_York';
    const now = Date.now();
    const at = (ms: number) => wall(now + ms, tz);
    const atlantan = { location: 'Atlanta, Georgia', latitude: '33.75', longitude: '-84.39', baseAirport: 'ATL' };
    const rosa = await verified('Rosa', 'female');
    // crew based in Atlanta with trips of their own (Boston keeps the same wall clock)
    const sid = await verified('Sid', 'male', atlantan);
    const teo = await verified('Teo', 'male', atlantan);
    const ugo = await verified('Ugo', 'male', atlantan);
    const vic = await verified('Vic', 'male', atlantan);
    await layover(rosa, { airport: 'ATL', arrivesAt: at(-HOUR_MS), departsAt: at(3 * DAY_MS) });
    // Sid is home until he flies out tomorrow
    await layover(sid, { airport: 'BOS', arrivesAt: at(DAY_MS), departsAt: at(3 * DAY_MS) });
    // Teo is away now and home again tomorrow, before Rosa leaves
    await layover(teo, { airport: 'BOS', arrivesAt: at(-HOUR_MS), departsAt: at(DAY_MS) });
    // Ugo is away until the minute Rosa leaves: windows that only touch are apart
    await layover(ugo, { airport: 'BOS', arrivesAt: at(-HOUR_MS), departsAt: at(3 * DAY_MS) });
    // Vic, based there, has a layover in Atlanta too from tomorrow: one card, with his layover
    await layover(vic, { city: 'Atlanta, Georgia', arrivesAt: at(DAY_MS), departsAt: at(2 * DAY_MS) });

    const cards = await deck(rosa);
    // where Sid and Teo fly is nobody's business in Atlanta
    expect(cards.find((c) => c.id === sid.id)).toMatchObject({ layover: null, baseAirport: 'ATL' });
    expect(cards.find((c) => c.id === teo.id)).toMatchObject({ layover: null, baseAirport: 'ATL' });
    expect(cards.find((c) => c.id === ugo.id)).toBeUndefined();
    expect(cards.filter((c) => c.id === vic.id)).toEqual([expect.objectContaining({ layover: { city: 'Atlanta', nights: 1 } })]);

    // a day on, Sid is in Boston until Rosa leaves; Teo is back
    offsetMs = DAY_MS + HOUR_MS;
    expect(await cardIn(rosa, sid)).toBeUndefined();
    expect(await cardIn(rosa, teo)).toMatchObject({ layover: null });
  });

  it('hides members of the same airline from each other in every deck, both ways, when one of them asks', async () => {
    const mia = await member('Mia', 'female', { airline: 'United Airlines' });
    const nils = await member('Nils', 'male', { airline: 'United Airlines' });
    const otto = await member('Otto', 'male', { airline: 'Delta Air Lines' });
    await eventually(async () => !!(await homeCard(nils, mia)) && !!(await homeCard(mia, nils)), 10_000, 'both in each other’s deck');

    const hide = await mia.api.request('PUT', '/api/users/me/settings', { privacy: { hideFromOwnAirline: true } });
    expect([hide.status, hide.body.privacy]).toEqual([200, expect.objectContaining({ hideFromOwnAirline: true })]);
    await eventually(async () => !(await homeCard(nils, mia)), 10_000, 'Mia out of Nils’s deck');
    expect(await homeCard(mia, nils)).toBeUndefined();
    expect(await homeCard(otto, mia)).toBeDefined();
    // a colleague who knows her from before can neither view nor like her (nothing tells him she is there)
    expect((await nils.api.post('/api/profile-views', { viewedUserId: mia.id })).status).toBe(404);
    expect((await nils.api.patch('/api/likes', { toUserId: mia.id, isSuper: true })).status).toBe(404);
    expect((await mia.api.patch('/api/likes', { toUserId: nils.id })).status).toBe(404);
    expect((await otto.api.post('/api/profile-views', { viewedUserId: mia.id })).status).toBe(200);

    await mia.api.request('PUT', '/api/users/me/settings', { privacy: { hideFromOwnAirline: false } });
    await eventually(async () => !!(await homeCard(nils, mia)), 10_000, 'Mia back in Nils’s deck');
    expect(await homeCard(mia, nils)).toBeDefined();
  });

  it('keeps a base airport on the profile and cards, and narrows the deck to up to 10 base airports', async () => {
    const pia = await member('Pia', 'female', { baseAirport: 'den' });
    const viewer = await member('Quin', 'male');
    expect((await pia.api.get('/api/users/me')).body.baseAirport).toBe('DEN');
    expect((await pia.api.patch(`/api/users/${pia.id}`, { baseAirport: 'QQQ' })).body.message).toBe('Unknown airport');
    await eventually(async () => (await homeCard(viewer, pia))?.baseAirport === 'DEN', 10_000, "'Based at DEN' on her card");

    const filtered = async (airports: string) => viewer.api.get(`/api/discovery/filtered?minAge=${pia.age}&maxAge=${pia.age}&baseAirports=${airports}`);
    expect(((await filtered('DEN,ORD')).body as CandidateView[]).map((c) => c.id)).toEqual([pia.id]);
    expect((await filtered('ORD')).body).toEqual([]);
    const eleven = 'ATL,BOS,DEN,DFW,JFK,LAX,LGA,MIA,ORD,SEA,SFO';
    expect([(await filtered(eleven)).status, (await filtered(eleven)).body.message]).toEqual([400, 'At most 10 base airports']);

    const saved = await viewer.api.post('/api/users/filter-preferences', { baseAirports: ['den', 'ORD'] });
    expect(saved.body).toMatchObject({ baseAirports: ['DEN', 'ORD'] });
    expect((await viewer.api.post('/api/users/filter-preferences/load')).body).toMatchObject({ baseAirports: ['DEN', 'ORD'] });
    expect((await pia.api.patch(`/api/users/${pia.id}`, { baseAirport: null })).body.baseAirport).toBeNull();

    const airports = await viewer.api.get('/api/airports?q=den');
    expect(airports.body[0]).toEqual({ code: 'DEN', name: 'Denver International Airport', city: 'Denver', state: 'Colorado', label: 'DEN · Denver, Colorado', timeZone: 'America/Denver' });
  });

  it('stores no layover for an account deleted while it was being saved: the deletion takes it, or came first and the save finds no one', async () => {
    const lea = await verified('Lea', 'female');
    const tz = 'America/Chicago';
    const now = Date.now();
    const waitingIn = (statement: string) => waitingOnLock(gw, `query LIKE '${statement}%'`);
    const gone = async () => (await gw.query('discovery', 'SELECT 1 FROM discovery.candidates WHERE user_id = $1', [lea.id])).length === 0;
    // a layover row of the test's in her place, not committed: the save waits on it just before it
    // stores hers, while the deletion goes on (it cannot see that row)
    const db = new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') });
    await db.connect();
    let saved: ReturnType<typeof saveLayover>;
    try {
      await db.query('BEGIN');
      await db.query(
        `INSERT INTO discovery.layovers (user_id, label, city, state, lat, lng, time_zone, arrives_at, departs_at, local_arrives_at, local_departs_at, nights)
         VALUES ($1, 'held', 'Chicago', 'Illinois', 41.9, -87.6, $2, now(), now() + interval '1 day', '', '', 1)`,
        [lea.id, tz],
      );
      saved = saveLayover(lea, { airport: 'ORD', arrivesAt: wall(now, tz), departsAt: wall(now + DAY_MS, tz) });
      await eventually(async () => (await waitingIn('INSERT INTO discovery.layovers')) === 1, 10_000, 'the save about to store the layover');
      expect((await lea.api.delete(`/api/users/${lea.id}`)).status).toBe(200);
      // discovery forgets her, or waits for the save under way to end
      await eventually(async () => (await gone()) || (await waitingIn('DELETE FROM discovery.candidates')) === 1, 10_000, 'the deletion handled in discovery, or waiting');
    } finally {
      await db.query('ROLLBACK');
      await db.end();
    }
    expect([200, 403]).toContain((await saved).status);
    await eventually(async () => (await gone()) && (await gw.query('discovery', 'SELECT 1 FROM discovery.layovers WHERE user_id = $1', [lea.id])).length === 0, 10_000, 'the deletion handled in discovery, her layover gone with her');
  });
});
