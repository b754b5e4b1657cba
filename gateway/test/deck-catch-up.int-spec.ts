import { EventContract, Events, type ProfileChangedEvent, Rpc } from '@aero/contracts';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { loadServices } from '../src/services.js';
import { EventsHeld, withHeldHandlers } from './support/held-events.js';
import { createMember, type Member, memberProfile } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/** discovery's handlers of the owners' events its deck model is made of (by name: the gateway may not import a service's internals) */
const PROJECTING = ['ProjectCandidateWhenProfileChangedHandler', 'ProjectCandidateWhenAccountTypeSetHandler', 'ProjectCandidateWhenSettingsChangedHandler'];

type Row = { profile_completed: boolean; profile_revision: number; account_revision: number; user_type: string | null };
type Card = { id: string; firstName: string };

/**
 * Read your writes in the deck (beyond spec): a member who reaches the deck before discovery has
 * heard of their new profile (its events still on their way) gets cards at once — discovery
 * catches up on that one member from the owners' snapshots, by revision like a rebuild. Through
 * the real gateway in both runtime modes, with discovery's event handlers held back by the test.
 */
describe.each(GATEWAY_MODES)('the first deck before the events arrive (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  const held = new EventsHeld();

  beforeAll(async () => {
    const services = await loadServices();
    gw = await startTestGateway(mode, { DEMO_SEED: 'false' }, { services: services.map((s) => (s.name === 'discovery' ? withHeldHandlers(s, Object.fromEntries(PROJECTING.map((name) => [name, held]))) : s)) });
  });
  // a test that failed while events were held does not hold them from the next
  afterEach(() => held.release());
  afterAll(() => gw?.close());

  const rpc = () => gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc;
  const rowOf = async (m: Member) => (await gw.query<Row>('discovery', 'SELECT profile_completed, profile_revision, account_revision, user_type FROM discovery.candidates WHERE user_id = $1', [m.id]))[0];
  const deckOf = async (m: Member) => {
    const res = await m.api.get('/api/discovery');
    expect(res.status).toBe(200);
    return res.body as Card[];
  };
  /** waits until discovery has the member's complete profile and account type from their events (each its own: a member shows in decks with both) */
  const projected = (m: Member) =>
    eventually(
      async () => {
        const row = await rowOf(m);
        return row?.profile_completed === true && row.user_type !== null;
      },
      10_000,
      'the profile and account type in the deck model',
    );
  /** signed up and verified, no profile yet */
  async function withoutProfile() {
    const api = new ApiClient(gw.base);
    const email = testEmail('noprofile');
    expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
    const verified = await api.post('/api/auth/verify', { email, code: await verificationCode(gw.base, email) });
    return { api, id: verified.body.user.id as string };
  }

  it("answers a new member's first deck from the owners' state, and later events still apply", async () => {
    const bo = await createMember(gw.base, 'Bo', 'male');
    await projected(bo);

    held.hold();
    const ada = await createMember(gw.base, 'Ada', 'female');
    // discovery has not heard of Ada: without the catch-up her first deck is empty
    expect(await rowOf(ada)).toBeUndefined();
    expect((await deckOf(ada)).map((c) => c.id)).toContain(bo.id);
    const [account] = await rpc().send(Rpc.identity.snapshot, { userId: ada.id, limit: 1 });
    expect(await rowOf(ada)).toEqual({ profile_completed: true, profile_revision: 1, account_revision: account.revision, user_type: 'airline' });

    // the held events arrive (the same revisions: nothing changes), then a newer one applies
    held.release();
    expect((await ada.api.patch(`/api/users/${ada.id}`, { firstName: 'Adaline' })).status).toBe(200);
    await eventually(async () => (await rowOf(ada))?.profile_revision === 2, 10_000, 'revision 2');
    await eventually(async () => (await deckOf(bo)).find((c) => c.id === ada.id)?.firstName === 'Adaline', 10_000, 'the new name in a deck');
    expect((await rowOf(ada)).profile_completed).toBe(true);
  });

  it("still gives a new member the demo crew's welcome like when the first deck caught up on them before the event", async () => {
    // a demo crew member (as the seeder makes them) who fits a woman interested in men
    const crewId = randomUUID();
    expect(await rpc().send(Rpc.identity.createDemoAccount, { accountId: crewId, email: testEmail('crew'), userType: 'airline' })).toEqual({ created: true });
    await rpc().send(Rpc.profiles.create, { userId: crewId, profile: memberProfile(crewId, 'Crewman', 'male') });
    await eventually(async () => (await gw.query<Row>('discovery', 'SELECT profile_completed FROM discovery.candidates WHERE user_id = $1', [crewId]))[0]?.profile_completed === true, 10_000, 'the crew member in discovery');
    const welcomeLikes = async (m: Member) =>
      (await gw.query<{ n: number }>('discovery', `SELECT count(*)::int AS n FROM discovery.swipes WHERE user_id = $1 AND target_id = $2 AND action = 'like'`, [crewId, m.id]))[0].n;

    held.hold();
    const gia = await createMember(gw.base, 'Gia', 'female');
    expect((await deckOf(gia)).map((c) => c.id)).toContain(crewId); // caught up: the row is there before the event
    // the held creation event (the same revision as the catch-up applied) still brings the welcome
    held.release();
    await eventually(async () => (await welcomeLikes(gia)) === 1, 10_000, 'the welcome like');
  });

  it('keeps a newer row than the owners have, and leaves the deck empty for a member without a complete profile', async () => {
    const cy = await createMember(gw.base, 'Cy', 'female');
    const dev = await createMember(gw.base, 'Dev', 'male');
    await projected(cy);
    await projected(dev);
    // a newer state of Cy's profile (incomplete) than the owners' snapshot (revision 1, complete)
    const [owners] = await rpc().send(Rpc.profiles.snapshot, { userId: cy.id, limit: 1 });
    expect(owners).toMatchObject({ userId: cy.id, revision: 1, matching: { profileCompleted: true } });
    const newer: ProfileChangedEvent = { ...owners, revision: 5, matching: { ...owners.matching, profileCompleted: false } };
    const subject = Events.profiles.profileUpdated;
    await gw.publish([{ id: randomUUID(), subject, schemaVersion: EventContract[subject].schemaVersion, occurredAt: new Date().toISOString(), payload: newer }]);
    await eventually(async () => (await rowOf(cy))?.profile_revision === 5, 10_000, 'revision 5');

    expect(await deckOf(cy)).toEqual([]);
    expect(await rowOf(cy)).toMatchObject({ profile_completed: false, profile_revision: 5 });

    const newcomer = await withoutProfile();
    expect(await deckOf(newcomer)).toEqual([]);
    expect(await rowOf(newcomer)).toBeUndefined();
  });

  it("gives one member's state from each owner's snapshot, and refuses a userId that is not a uuid", async () => {
    const eve = await createMember(gw.base, 'Eve', 'female');
    const fay = await createMember(gw.base, 'Fay', 'female');
    for (const m of [eve, fay]) expect((await m.api.request('PUT', '/api/users/me/settings', { privacy: { showAge: false } })).status).toBe(200);
    const send = rpc().send.bind(rpc());
    const owners = {
      profiles: async (request: { userId?: string; after?: string; limit: number }) => (await send(Rpc.profiles.snapshot, request)).map((e) => e.userId),
      accounts: async (request: { userId?: string; after?: string; limit: number }) => (await send(Rpc.identity.snapshot, request)).map((e) => e.accountId),
      settings: async (request: { userId?: string; after?: string; limit: number }) => (await send(Rpc.profiles.settingsSnapshot, request)).map((e) => e.userId),
    };
    for (const [owner, snapshot] of Object.entries(owners)) {
      // everyone's, as a rebuild pages through it
      expect({ owner, ids: await snapshot({ limit: 1000 }) }).toEqual({ owner, ids: expect.arrayContaining([eve.id, fay.id]) });
      for (const m of [eve, fay]) expect({ owner, ids: await snapshot({ userId: m.id, limit: 10 }) }).toEqual({ owner, ids: [m.id] });
      expect({ owner, ids: await snapshot({ userId: randomUUID(), limit: 10 }) }).toEqual({ owner, ids: [] });
      expect({ owner, ids: await snapshot({ userId: eve.id, after: eve.id, limit: 10 }) }).toEqual({ owner, ids: [] });
    }
    for (const subject of [Rpc.profiles.snapshot, Rpc.identity.snapshot, Rpc.profiles.settingsSnapshot]) {
      await expect(send(subject, { userId: 'not-a-uuid', limit: 1 })).rejects.toMatchObject({ body: { status: 400 } });
    }
  });
});
