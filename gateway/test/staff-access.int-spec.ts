import type { Clock } from '@aero/common';
import type { CandidateView, CurrentUserView, PendingVerificationView, SubscriptionSetupReply } from '@aero/contracts';
import { ApiClient, eventually, testEmail } from '@aero/testing';
import { createMember, type Member, memberProfile, signedInAdmin, signedUpAccount } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

const DAY_MS = 24 * 3600 * 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Who uses the app free (beyond spec): an airline member while their employment document is
 * under review or approved, or for 7 days after registering without one. Everyone else who has
 * not paid is in nobody's deck, and the gate asks them to pay. Through the real gateway in both
 * runtime modes, with the services' clock moved by the test.
 */
describe.each(GATEWAY_MODES)('staff access (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const adminEmail = testEmail('admin');
  let adminApi: Promise<ApiClient> | undefined;
  let nextAge = 40;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { ADMIN_EMAILS: adminEmail }, { clock });
    base = gw.base;
  });
  afterAll(() => gw?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  /** one admin for the file (ADMIN_EMAILS makes them admin) */
  const admin = () => (adminApi ??= signedInAdmin(base, adminEmail));

  /** an airline member, a woman of her own age (a viewer's deck is asked for that age only) */
  async function crewMember(firstName: string) {
    const age = nextAge++;
    return Object.assign(await createMember(base, firstName, 'female', { age }), { age });
  }

  /** one crew member and a man who looks at her in his deck (staff himself: his document is under review, so he keeps his deck when the clock moves) */
  async function crewAndViewer(firstName: string) {
    const crew = await crewMember(firstName);
    const viewer = await createMember(base, `${firstName}'s viewer`, 'male');
    await uploadDocument(viewer);
    return { crew, viewer };
  }

  const cardOf = async (viewer: Member, who: Member & { age: number }) =>
    ((await viewer.api.get(`/api/discovery/filtered?minAge=${who.age}&maxAge=${who.age}`)).body as CandidateView[]).find((c) => c.id === who.id);
  const shown = (viewer: Member, who: Member & { age: number }, what: string) => eventually(() => cardOf(viewer, who), 10_000, what);
  const gone = (viewer: Member, who: Member & { age: number }, what: string) => eventually(async () => !(await cardOf(viewer, who)), 10_000, what);
  const me = async (m: Member) => (await m.api.get('/api/users/me')).body as CurrentUserView;
  const subscriptionSetup = async (m: Member) => {
    const res = await m.api.post('/api/get-or-create-subscription');
    expect(res.status).toBe(200);
    return res.body as SubscriptionSetupReply;
  };

  /** the member's employment document, as the browser sends it */
  async function uploadDocument(m: Member) {
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'paystub.pdf');
    const res = await fetch(`${base}/api/verification`, { method: 'POST', body: form, headers: { origin: base, cookie: m.api.cookie } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: 'pending' });
  }

  /** the admin approves or rejects the member's document under review */
  async function review(m: Member, decision: 'approve' | 'reject') {
    const api = await admin();
    const pending = (await api.get('/api/admin/verifications')).body as PendingVerificationView[];
    const document = pending.find((d) => d.userId === m.id)!;
    expect((await api.post(`/api/admin/verifications/${document.id}/${decision}`)).status).toBe(200);
  }

  /** a new document under review makes the member staff again: back in the deck, nothing to pay */
  async function backWithNewDocument(viewer: Member, crew: Member & { age: number }) {
    await uploadDocument(crew);
    await shown(viewer, crew, 'the member back with a document under review');
    expect(await me(crew)).toMatchObject({ verified: false, mustSubscribe: false });
    expect(await subscriptionSetup(crew)).toMatchObject({ status: 'not_required' });
  }

  it('shows an airline member without a document in decks for the first 7 days after registering, and not after', async () => {
    const { crew: ana, viewer } = await crewAndViewer('Ana');
    await shown(viewer, ana, 'Ana in the deck');
    expect(await me(ana)).toMatchObject({ userType: 'airline', verified: false, mustSubscribe: false });
    expect(await subscriptionSetup(ana)).toMatchObject({ status: 'not_required' });

    offsetMs = 7 * DAY_MS - 60_000;
    expect(await cardOf(viewer, ana)).toBeDefined();
    expect((await me(ana)).mustSubscribe).toBe(false);

    offsetMs = 7 * DAY_MS + 60_000;
    expect(await cardOf(viewer, ana)).toBeUndefined();
    expect((await me(ana)).mustSubscribe).toBe(true);
    expect(await subscriptionSetup(ana)).toEqual({ status: 'incomplete', clientSecret: expect.any(String) });
    // not to be swiped on or opened by id either
    expect((await viewer.api.patch('/api/likes', { toUserId: ana.id })).status).toBe(404);
    expect((await viewer.api.post('/api/profile-views', { viewedUserId: ana.id })).status).toBe(404);

    // a document sent late still counts: under review, she is staff again
    await backWithNewDocument(viewer, ana);
  });

  /** the member must pay: in nobody's deck, asked to pay by /users/me and get-or-create */
  async function mustPayNow(viewer: Member, who: Member & { age: number }) {
    expect(await me(who)).toMatchObject({ verified: false, mustSubscribe: true });
    expect(await subscriptionSetup(who)).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_/) });
    expect(await cardOf(viewer, who)).toBeUndefined();
    expect((await viewer.api.patch('/api/likes', { toUserId: who.id })).status).toBe(404);
  }

  it('puts a member whose document was rejected out of decks and asks them to pay; a new document lets them in once approved', async () => {
    const { crew: bea, viewer } = await crewAndViewer('Bea');
    await uploadDocument(bea);
    // a first document under review is staff for as long as the review takes
    offsetMs = 30 * DAY_MS;
    await shown(viewer, bea, 'Bea in the deck, her document under review');
    expect((await me(bea)).mustSubscribe).toBe(false);
    offsetMs = 0;
    await review(bea, 'reject');
    await gone(viewer, bea, 'Bea out of the deck');
    await mustPayNow(viewer, bea);

    // a new document: under review, but sent after a rejection it lets her in only once approved
    await uploadDocument(bea);
    expect((await bea.api.get('/api/verification/status')).body).toEqual({ status: 'pending' });
    await mustPayNow(viewer, bea);
    await review(bea, 'approve');
    await shown(viewer, bea, 'Bea back in the deck, approved');
    expect(await me(bea)).toMatchObject({ verified: true, mustSubscribe: false });
  });

  it('lets no general member skip the paywall by calling themselves airline and sending junk again after each rejection', async () => {
    const viewer = await createMember(base, 'Gus', 'male');
    await uploadDocument(viewer);
    const age = nextAge++;
    // a general member: signed up, chose general, no profile yet
    const gina = { ...(await signedUpAccount(base, 'gina')), age };
    const { api, id } = gina;
    expect((await api.patch('/api/users/me', { userType: 'general' })).body).toMatchObject({ userType: 'general', mustSubscribe: true });
    // long past the first days, back at /welcome before registering (the only time the type may change): switching to airline starts no grace of its own
    offsetMs = 8 * DAY_MS;
    expect((await api.patch('/api/users/me', { userType: 'airline' })).body).toMatchObject({ userType: 'airline', mustSubscribe: true });
    expect((await api.post('/api/users', { ...memberProfile(id, 'Gina', 'female'), age })).status).toBe(201);
    await mustPayNow(viewer, gina);
    // a first document under review is staff, as for honest crew, until the admin decides
    await uploadDocument(gina);
    expect(await me(gina)).toMatchObject({ mustSubscribe: false });
    await review(gina, 'reject');
    await eventually(async () => !(await cardOf(viewer, gina)), 10_000, 'Gina out of the deck');
    await mustPayNow(viewer, gina);
    // junk again, and again: still asked to pay while each is under review
    for (let round = 0; round < 2; round++) {
      await uploadDocument(gina);
      await mustPayNow(viewer, gina);
      await review(gina, 'reject');
      await mustPayNow(viewer, gina);
    }
  });

  it('takes the badge from an approved member who changes airline: the 7 days from registering apply again', async () => {
    const { crew: cleo, viewer } = await crewAndViewer('Cleo');
    await uploadDocument(cleo);
    await review(cleo, 'approve');
    await eventually(async () => (await cardOf(viewer, cleo))?.verified === true, 10_000, 'the badge on her card');
    offsetMs = 30 * DAY_MS;
    expect(await cardOf(viewer, cleo)).toMatchObject({ verified: true });
    expect(await me(cleo)).toMatchObject({ verified: true, mustSubscribe: false });

    offsetMs = 0;
    const edited = await cleo.api.patch(`/api/users/${cleo.id}`, { airline: 'United Airlines' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ airline: 'United Airlines', verified: false });
    expect(await me(cleo)).toMatchObject({ verified: false, mustSubscribe: false });
    expect((await cleo.api.get('/api/verification/status')).body).toEqual({ status: 'none' });
    const card = await eventually(async () => {
      const c = await cardOf(viewer, cleo);
      return c?.airline === 'United Airlines' && c;
    }, 10_000, 'her card with the new airline');
    expect(card.verified).toBe(false);

    // the approval no longer counts: past 7 days from registering, she must pay or send a new document
    offsetMs = 8 * DAY_MS;
    expect(await cardOf(viewer, cleo)).toBeUndefined();
    expect((await me(cleo)).mustSubscribe).toBe(true);
    await backWithNewDocument(viewer, cleo);
  });

  it('keeps the badge when a verified member edits anything but airline and position', async () => {
    const { crew: dora, viewer } = await crewAndViewer('Dora');
    await uploadDocument(dora);
    await review(dora, 'approve');
    expect((await dora.api.patch(`/api/users/${dora.id}`, { bio: 'Still flying', airline: 'Delta Air Lines', position: 'Pilot' })).body).toMatchObject({ bio: 'Still flying', verified: true });
    await eventually(async () => (await cardOf(viewer, dora))?.bio === 'Still flying', 10_000, 'her edited card');
    expect(await cardOf(viewer, dora)).toMatchObject({ verified: true });
    expect((await dora.api.get('/api/verification/status')).body).toEqual({ status: 'approved' });
  });

  it('keeps who must pay through a rebuild of the deck model from the owners\' snapshots', async () => {
    const { crew: eve, viewer } = await crewAndViewer('Eve');
    const fay = await crewMember('Fay');
    const gia = await crewMember('Gia');
    for (const m of [fay, gia]) await uploadDocument(m);
    await review(fay, 'reject');
    await shown(viewer, gia, 'Gia in the deck');
    await gone(viewer, fay, 'Fay out of the deck');

    await gw.query('discovery', 'DELETE FROM discovery.candidates');
    expect((await (await admin()).post('/api/admin/discovery/rebuild')).status).toBe(200);
    // registration and document review came back with the accounts and profiles
    expect(await cardOf(viewer, eve)).toBeDefined();
    expect(await cardOf(viewer, gia)).toBeDefined();
    expect(await cardOf(viewer, fay)).toBeUndefined();
    offsetMs = 8 * DAY_MS;
    expect(await cardOf(viewer, eve)).toBeUndefined();
    expect(await cardOf(viewer, gia)).toBeDefined();
  });
});
