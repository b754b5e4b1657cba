import { Rpc, TEST_CARDS } from '@aero/contracts';
import { jest } from '@jest/globals';
import { ApiClient, eventually, testEmail } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { createMember, inDeck, type Member, memberProfile, signedUpAccount } from './support/members.js';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';
import { loadServices } from '../src/services.js';

type Note = { id: string; type: string; title: string; message: string; read: boolean; data: Record<string, unknown>; createdAt: string };

/**
 * The demo crew's welcome likes (services/discovery, beyond spec) are members' likes: they go
 * through the same rules (who may be liked, matching, the like's event and notification) as a
 * `PATCH /api/likes`.
 */
describe('the demo crew likes as members do', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node', { DEMO_SEED: 'false' })));
  afterAll(() => gw?.close());

  const rpc = () => gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc;
  const notes = async (m: Member) => (await m.api.get('/api/notifications')).body as Note[];
  const likeFrom = async (m: Member, fromUserId: string) => (await notes(m)).find((n) => n.type === 'like' && n.data.fromUserId === fromUserId);
  const likeEvents = async (toUserId: string) =>
    (await gw.query<{ payload: Record<string, unknown> }>('discovery', `SELECT payload FROM discovery.outbox WHERE subject = 'discovery.like.created' AND payload->>'toUserId' = $1`, [toUserId])).map((r) => r.payload);

  /** a demo crew member (as the seeder makes them): a man interested in women, who fits the members below */
  async function crewMember(firstName: string, age = 30) {
    const id = randomUUID();
    expect(await rpc().send(Rpc.identity.createDemoAccount, { accountId: id, email: testEmail('crew'), userType: 'airline' })).toEqual({ created: true });
    await rpc().send(Rpc.profiles.create, { userId: id, profile: { ...memberProfile(id, firstName, 'male'), age } });
    await eventually(async () => (await gw.query<{ profile_completed: boolean }>('discovery', 'SELECT profile_completed FROM discovery.candidates WHERE user_id = $1', [id]))[0]?.profile_completed === true, 10_000, 'the crew member in discovery');
    return id;
  }

  it('gives every demo account of a process one hash of one random password, which no password signs in with', async () => {
    // identity's PasswordHasher (the gateway may not import a service's internals: found by name)
    const identity = (await loadServices()).find((s) => s.name === 'identity')!;
    const PasswordHasher = identity.providers.find((p) => typeof p === 'function' && p.name === 'PasswordHasher') as unknown as { prototype: { hash(password: string): Promise<string> } };
    const hashes = jest.spyOn(PasswordHasher.prototype, 'hash');
    try {
      const crew = [randomUUID(), randomUUID(), randomUUID()].map((id) => ({ id, email: testEmail('crew') }));
      for (const { id, email } of crew) expect(await rpc().send(Rpc.identity.createDemoAccount, { accountId: id, email, userType: 'airline' })).toEqual({ created: true });
      // one hash at most (none when an earlier demo account of this process made it), the same for all
      expect(hashes.mock.calls.length).toBeLessThanOrEqual(1);
      const stored = await gw.query<{ password_hash: string }>('identity', 'SELECT password_hash FROM identity.accounts WHERE id = ANY($1)', [crew.map((c) => c.id)]);
      expect(stored).toHaveLength(3);
      expect(new Set(stored.map((r) => r.password_hash)).size).toBe(1);
      expect(stored[0].password_hash).toMatch(/^\$argon2id\$/);
      for (const password of ['no account has this password', crew[0].email]) {
        expect((await new ApiClient(gw.base).post('/api/auth/login', { email: crew[0].email, password })).status).toBe(401);
      }
    } finally {
      hashes.mockRestore();
    }
  });

  it("gives a new member the same like event and notification from a demo crew member as from a member's like", async () => {
    const crewId = await crewMember('Crewman');
    const gia = await createMember(gw.base, 'Gia', 'female');
    const fromCrew = await eventually(() => likeFrom(gia, crewId), 10_000, "the crew member's like");
    const paul = await createMember(gw.base, 'Paul', 'male');
    await inDeck(paul, gia);
    expect((await paul.api.patch('/api/likes', { toUserId: gia.id })).body).toEqual({ isMatch: false });
    const fromPaul = await eventually(() => likeFrom(gia, paul.id), 10_000, "Paul's like");

    const shape = ({ id: _id, createdAt: _at, ...note }: Note, name: string, fromUserId: string) =>
      JSON.parse(JSON.stringify(note).replaceAll(name, '<name>').replaceAll(fromUserId, '<from>')) as unknown;
    expect(fromCrew.title).toBe('Crewman liked you');
    expect(shape(fromCrew, 'Crewman', crewId)).toEqual(shape(fromPaul, 'Paul', paul.id));
    expect(await likeEvents(gia.id)).toEqual(
      expect.arrayContaining([
        { fromUserId: crewId, toUserId: gia.id, isSuper: false, fromFirstName: 'Crewman' },
        { fromUserId: paul.id, toUserId: gia.id, isSuper: false, fromFirstName: 'Paul' },
      ]),
    );
    // liking back makes the match, as with any member's like
    expect((await gia.api.patch('/api/likes', { toUserId: crewId })).body).toMatchObject({ isMatch: true });
  });

  it('gives no like to a member nobody can see yet (one who must pay first), as no member could like them, until she is seen', async () => {
    const crewId = await crewMember('Captain');
    // a general member who registers before paying: in nobody's deck
    const { api, id } = await signedUpAccount(gw.base, 'general');
    const created = await api.post('/api/users', { ...memberProfile(id, 'Gwen', 'female'), userType: 'general', airline: undefined, position: undefined });
    expect(created.status).toBe(201);
    const gwen: Member = { api, id };
    const paul = await createMember(gw.base, 'Paul', 'male');
    const refused = await paul.api.patch('/api/likes', { toUserId: gwen.id });
    expect([refused.status, refused.body.code]).toEqual([404, 'unknown_profile']);
    // an airline member who registers after her gets the welcome like: her profile's event was handled before
    const hana = await createMember(gw.base, 'Hana', 'female');
    await eventually(() => likeFrom(hana, crewId), 10_000, "the crew member's like of Hana");
    expect(await likeEvents(gwen.id)).toEqual([]);
    expect((await gw.query('discovery', 'SELECT 1 FROM discovery.swipes WHERE target_id = $1', [gwen.id])).length).toBe(0);
    expect((await notes(gwen)).filter((n) => n.type === 'like')).toEqual([]);
    // once she has paid she is seen, and welcomed as a member is
    const { clientSecret } = (await gwen.api.post('/api/get-or-create-subscription')).body as { clientSecret: string };
    expect((await gwen.api.post('/api/billing/test-payments', { clientSecret, cardNumber: TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
    expect(await eventually(() => likeFrom(gwen, crewId), 10_000, "the crew member's like once paid")).toMatchObject({ title: 'Captain liked you' });
  });

  it('gives a new member the likes of the crew members nearest her age, not of the newest', async () => {
    // the deck puts the newest first: without regard to age, the three of 55 to 60 would like her
    const near = [await crewMember('Nico', 24), await crewMember('Noah', 25), await crewMember('Nate', 27)];
    for (const [name, age] of [['Fred', 55], ['Frank', 58], ['Floyd', 60]] as const) await crewMember(name, age);
    const ines = await createMember(gw.base, 'Ines', 'female', { age: 25 });
    const likers = async () => (await notes(ines)).filter((n) => n.type === 'like').map((n) => n.data.fromUserId as string);
    await eventually(async () => (await likers()).length === 3, 10_000, 'three welcome likes');
    expect((await likers()).sort()).toEqual([...near].sort());
  });
});
