import { type RpcClient, RpcError } from '@aero/common';
import { Messages, type PendingVerificationView, photoObjectKey, photoUrl, Rpc } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { forMember, holdRpc } from './support/rpc-calls.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Profiles, employment verification and the admin queue through the real gateway on real
 * PostgreSQL, in both runtime modes (local object storage in the test's DATA_DIR).
 */
describe.each(GATEWAY_MODES)('profiles over HTTP (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  let storage: ObjectStorage;
  let rpc: RpcClient;
  const adminEmail = testEmail('admin');
  const otherAdminEmail = testEmail('admin');

  beforeAll(async () => {
    gw = await startTestGateway(mode, { ADMIN_EMAILS: `${adminEmail},${otherAdminEmail}` });
    base = gw.base;
    const ctx = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT);
    // the gateway's own storage adapter and service client
    storage = ctx.storage;
    rpc = ctx.rpc;
  });

  afterAll(() => gw?.close());

  async function verifiedUser(email = testEmail()) {
    const api = new ApiClient(base);
    expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
    const code = await verificationCode(base, email);
    const verified = await api.post('/api/auth/verify', { email, code });
    expect(verified.status).toBe(200);
    return { api, email, id: verified.body.user.id as string };
  }

  /** one admin account for the file (ADMIN_EMAILS makes it admin at signup) */
  let adminSession: ReturnType<typeof verifiedUser> | undefined;
  const admin = () => (adminSession ??= verifiedUser(adminEmail));

  const photosOf = (userId: string, n: number) => Array.from({ length: n }, () => photoUrl(userId, randomUUID()));
  const registration = (userId: string, over: Record<string, unknown> = {}) => ({
    firstName: 'Amelia',
    age: 29,
    bio: 'Captain on the A320',
    location: 'Dallas, Texas',
    latitude: '32.7767',
    longitude: '-96.7970',
    gender: 'female',
    interestedIn: 'man',
    userType: 'airline',
    airline: 'Delta Air Lines',
    position: 'Pilot',
    languagesSpoken: 'English, Spanish',
    photos: photosOf(userId, 2),
    confirmPassword: 'ignored',
    ...over,
  });

  async function memberWithProfile(over: Record<string, unknown> = {}) {
    const member = await verifiedUser();
    const body = registration(member.id, over);
    const created = await member.api.post('/api/users', body);
    expect(created.status).toBe(201);
    return { ...member, photos: body.photos as string[] };
  }

  const submitDocument = (userId: string, documentId = randomUUID()) =>
    rpc.send(Rpc.profiles.submitDocument, { userId, documentId, objectKey: `documents/${userId}/${documentId}.pdf`, fileName: 'paystub.pdf', contentType: 'application/pdf' });

  it('answers the registration form with the spec messages', async () => {
    const { api, id } = await verifiedUser();
    const message = async (over: Record<string, unknown>) => (await api.post('/api/users', registration(id, over))).body.message;
    expect(await message({ gender: undefined })).toBe(Messages.genderRequired);
    expect(await message({ interestedIn: 'dogs' })).toBe(Messages.interestedInRequired);
    expect(await message({ age: 17 })).toBe(Messages.ageMin);
    expect(await message({ age: 121 })).toBe(Messages.ageInvalid);
    expect(await message({ firstName: '  ' })).toBe(Messages.firstNameRequired);
    expect(await message({ photos: photosOf(id, 7) })).toBe(Messages.tooManyPhotosTotal);
    expect(await message({ photos: ['https://evil.example/x.jpg'] })).toBe('Unknown photo');
    expect((await api.get('/api/users/me')).body.profileCompleted).toBe(false);
  });

  it("refuses someone else's photo URL", async () => {
    const other = await verifiedUser();
    const { api, id } = await verifiedUser();
    const res = await api.post('/api/users', registration(id, { photos: [photoUrl(id, randomUUID()), photoUrl(other.id, randomUUID())] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown photo');
  });

  it('registers in one step for the user: a refused profile changes nothing, a half-finished one is completed', async () => {
    const other = await verifiedUser();
    const { api, id } = await verifiedUser();
    const refused = await api.post('/api/users', registration(id, { photos: [photoUrl(other.id, randomUUID())] }));
    expect(refused.status).toBe(400);
    expect((await api.get('/api/users/me')).body).toMatchObject({ userType: null, profileCompleted: false });
    // the welcome notification comes with the account type: none after a refused registration
    await new Promise((r) => setTimeout(r, 500));
    expect((await api.get('/api/notifications')).body).toEqual([]);

    // the profile stored but the type never set (the second call failed): a retry completes it
    const body = registration(id);
    // the form as the browser sends it (strings, confirmPassword): the service validates it like the gateway
    await rpc.send(Rpc.profiles.create, { userId: id, profile: body as never });
    expect((await api.get('/api/users/me')).body.userType).toBeNull();
    const retried = await api.post('/api/users', body);
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ id, userType: 'airline', profileCompleted: true });
    await eventually(async () => (await api.get('/api/notifications')).body.length === 1, 10_000, 'the welcome notification');
    expect((await api.post('/api/users', body)).status).toBe(409);
  });

  it('creates the profile once and answers the current user with it; /users/me shows the owner their coordinates', async () => {
    const { api, id, email } = await verifiedUser();
    const body = registration(id);
    const created = await api.post('/api/users', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id, email, userType: 'airline', profileCompleted: true, verified: false, firstName: 'Amelia', mainPhoto: body.photos[0], languagesSpoken: ['English', 'Spanish'] });
    expect(created.body).not.toHaveProperty('confirmPassword');
    const me = await api.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, email, isAdmin: false, profileCompleted: true, latitude: '32.7767', longitude: '-96.7970', photos: body.photos, agePreferenceMin: 18, agePreferenceMax: 99 });
    expect(JSON.stringify(me.body)).not.toMatch(/hash|argon|token|password/i);
    const again = await api.post('/api/users', registration(id));
    expect(again.status).toBe(409);
  });

  it('answers login with the user and its profile once the profile exists (spec §7 login)', async () => {
    const member = await memberWithProfile();
    const login = await new ApiClient(base).post('/api/auth/login', { email: member.email, password: 'secret-pass' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: member.id, firstName: 'Amelia', profileCompleted: true });
    expect(login.body.profile).toMatchObject({ firstName: 'Amelia', airline: 'Delta Air Lines' });
    const fresh = await verifiedUser();
    const before = await new ApiClient(base).post('/api/auth/login', { email: fresh.email, password: 'secret-pass' });
    expect(before.body.profile).toBeNull();
    expect(before.body.user.profileCompleted).toBe(false);
  });

  it("refuses another user's PATCH and DELETE with 403", async () => {
    const me = await memberWithProfile();
    const other = await memberWithProfile();
    expect((await me.api.patch(`/api/users/${other.id}`, { bio: 'hacked' })).status).toBe(403);
    expect((await me.api.delete(`/api/users/${other.id}`)).status).toBe(403);
    expect((await me.api.patch('/api/users/not-a-uuid', { bio: 'x' })).status).toBe(400);
    expect((await other.api.get('/api/users/me')).body.bio).toBe('Captain on the A320');
    expect((await new ApiClient(base).patch(`/api/users/${me.id}`, { bio: 'x' })).status).toBe(401);
  });

  it('updates only the fields sent, with the edit form rules', async () => {
    const { api, id, photos } = await memberWithProfile({ drinkingHabits: 'socially' });
    const res = await api.patch(`/api/users/${id}`, { bio: 'Now flying the 787', exerciseHabits: '3-4-times-week', distancePreference: 50 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, bio: 'Now flying the 787', exerciseHabits: '3-4-times-week', distancePreference: 50, firstName: 'Amelia', drinkingHabits: 'socially', photos, mainPhoto: photos[0] });
    expect((await api.patch(`/api/users/${id}`, { firstName: ' ' })).body.message).toBe(Messages.firstNameRequired);
    expect((await api.patch(`/api/users/${id}`, { age: 17 })).body.message).toBe(Messages.ageMin);
    expect((await api.patch(`/api/users/${id}`, { photos: [...photos, ...photosOf(id, 5)] })).body.message).toBe(Messages.tooManyPhotosTotal);
    expect((await api.patch(`/api/users/${id}`, { distancePreference: null })).body.distancePreference).toBeNull();
    expect((await api.get('/api/users/me')).body).toMatchObject({ bio: 'Now flying the 787', distancePreference: null });
    // a field that cannot be cleared is refused as null (with its own text where it has one), not stored nor a 500
    for (const [field, message] of [
      ['firstName', Messages.firstNameRequired],
      ['age', Messages.ageInvalid],
      ['agePreferenceMin', undefined],
      ['languagesSpoken', undefined],
      ['photos', undefined],
    ] as const) {
      const res = await api.patch(`/api/users/${id}`, { [field]: null });
      expect([field, res.status, message ? res.body.message : 'any']).toEqual([field, 400, message ?? 'any']);
    }
    expect((await api.get('/api/users/me')).body).toMatchObject({ firstName: 'Amelia', age: expect.any(Number), agePreferenceMin: expect.any(Number), photos });
  });

  it('keeps the main photo one of the photos; removing it makes the first remaining main and deletes its files', async () => {
    const { api, id } = await verifiedUser();
    const photos = photosOf(id, 3);
    for (const url of photos) {
      const photoId = url.split('/').pop()!;
      for (const variant of ['display', 'thumb'] as const) await storage.put(photoObjectKey(id, photoId, variant), Buffer.from('webp'), 'image/webp');
    }
    const created = await api.post('/api/users', registration(id, { photos, mainPhoto: photos[1] }));
    expect(created.body.mainPhoto).toBe(photos[1]);
    expect((await api.patch(`/api/users/${id}`, { mainPhoto: photos[2] })).body.mainPhoto).toBe(photos[2]);
    const removed = photos[2].split('/').pop()!;
    const res = await api.patch(`/api/users/${id}`, { photos: [photos[1], photos[0]] });
    expect(res.body).toMatchObject({ photos: [photos[1], photos[0]], mainPhoto: photos[1] });
    expect(await storage.get(photoObjectKey(id, removed, 'display'))).toBeNull();
    expect(await storage.get(photoObjectKey(id, removed, 'thumb'))).toBeNull();
    expect(await storage.get(photoObjectKey(id, photos[0].split('/').pop()!, 'display'))).not.toBeNull();
    expect((await api.patch(`/api/users/${id}`, { photos: [photos[0], photoUrl(randomUUID(), randomUUID())] })).body.message).toBe('Unknown photo');
  });

  it('keeps the admin routes for admins: 401 signed out, 403 for members', async () => {
    const member = await memberWithProfile();
    const documentId = randomUUID();
    await submitDocument(member.id, documentId);
    const anon = new ApiClient(base);
    expect((await anon.get('/api/admin/verifications')).status).toBe(401);
    expect((await anon.post(`/api/admin/verifications/${documentId}/approve`)).status).toBe(401);
    const list = await member.api.get('/api/admin/verifications');
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(Messages.adminOnly);
    expect((await member.api.post(`/api/admin/verifications/${documentId}/approve`)).status).toBe(403);
    expect((await member.api.post(`/api/admin/verifications/${documentId}/reject`)).status).toBe(403);
    expect((await member.api.get(`/api/admin/verifications/${documentId}/document`)).status).toBe(403);
    expect((await member.api.get('/api/users/me')).body.verified).toBe(false);
  });

  it('approves a document: the queue shows it with the email, approval sets the badge and notifies the member', async () => {
    const { api: adminApi } = await admin();
    const member = await memberWithProfile();
    const documentId = randomUUID();
    expect(await rpc.send(Rpc.profiles.verificationStatus, { userId: member.id })).toEqual({ status: 'none', standing: 'none' });
    expect(await submitDocument(member.id, documentId)).toEqual({ status: 'pending' });
    const list = await adminApi.get('/api/admin/verifications');
    expect(list.status).toBe(200);
    const item = list.body.find((v: { id: string }) => v.id === documentId);
    expect(item).toMatchObject({ id: documentId, fileName: 'paystub.pdf', userId: member.id, user: { firstName: 'Amelia', email: member.email, airline: 'Delta Air Lines', position: 'Pilot' } });
    expect(Date.parse(item.createdAt)).not.toBeNaN();

    const doc = await fetch(`${base}/api/admin/verifications/${documentId}/document`, { headers: { cookie: adminApi.cookie }, redirect: 'manual' });
    expect(doc.status).toBe(302);
    expect(doc.headers.get('location')).toContain(`documents/${member.id}/${documentId}.pdf`);
    expect((await adminApi.get(`/api/admin/verifications/${randomUUID()}/document`)).status).toBe(404);

    const approved = await adminApi.post(`/api/admin/verifications/${documentId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ status: 'approved' });
    expect((await member.api.get('/api/users/me')).body.verified).toBe(true);
    expect((await adminApi.get('/api/admin/verifications')).body.some((v: { id: string }) => v.id === documentId)).toBe(false);
    expect((await adminApi.post(`/api/admin/verifications/${documentId}/approve`)).status).toBe(409);
    expect((await adminApi.post(`/api/admin/verifications/${randomUUID()}/reject`)).status).toBe(404);
    const notification = await eventually(async () => (await member.api.get('/api/notifications')).body.find((n: { title: string }) => n.title === 'Verification approved'));
    expect(notification).toMatchObject({ type: 'other', read: false, message: 'Your employment is verified. Your profile now shows the verified badge.' });
    await expect(submitDocument(member.id)).rejects.toMatchObject({ body: { status: 409, message: 'Your employment is already verified' } });
  });

  it('refuses a second document while one is under review; after a rejection a new one is accepted', async () => {
    const { api: adminApi } = await admin();
    const member = await memberWithProfile();
    const first = randomUUID();
    await submitDocument(member.id, first);
    const again = await submitDocument(member.id).catch((err: unknown) => err);
    expect(again).toBeInstanceOf(RpcError);
    expect((again as RpcError).body).toMatchObject({ status: 409, message: 'Your document is already under review' });
    const rejected = await adminApi.post(`/api/admin/verifications/${first}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ status: 'rejected' });
    expect(await rpc.send(Rpc.profiles.verificationStatus, { userId: member.id })).toEqual({ status: 'rejected', standing: 'rejected' });
    expect((await member.api.get('/api/users/me')).body.verified).toBe(false);
    const notification = await eventually(async () => (await member.api.get('/api/notifications')).body.find((n: { title: string }) => n.title === 'Verification rejected'));
    expect(notification.message).toBe('We could not verify your document. You can upload a new one from Settings.');
    expect(await submitDocument(member.id)).toEqual({ status: 'pending' });
    expect(await rpc.send(Rpc.profiles.verificationStatus, { userId: member.id })).toEqual({ status: 'pending', standing: 'rejected' });
    // the member is shown it is under review (how it counts for paying stays inside)
    expect((await member.api.get('/api/verification/status')).body).toEqual({ status: 'pending' });
  });

  it('approves a document only for the airline and position it was sent with: the queue shows those, and a member who changed them since is refused', async () => {
    const { api: adminApi } = await admin();
    // no profile yet: there is no airline or position for a document to prove
    const early = await verifiedUser();
    expect((await early.api.patch('/api/users/me', { userType: 'airline' })).status).toBe(200);
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'paystub.pdf');
    const refused = await fetch(`${base}/api/verification`, { method: 'POST', body: form, headers: { origin: base, cookie: early.api.cookie } });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, 'Create your profile before sending a document']);
    expect(((await adminApi.get('/api/admin/verifications')).body as PendingVerificationView[]).map((d) => d.userId)).not.toContain(early.id);

    // sent as a Delta pilot; then the profile says United, then co-pilot: the queue still shows what was sent
    const member = await memberWithProfile();
    const documentId = randomUUID();
    await submitDocument(member.id, documentId);
    expect((await member.api.patch(`/api/users/${member.id}`, { airline: 'United Airlines' })).status).toBe(200);
    const queued = () => (adminApi.get('/api/admin/verifications').then((r) => (r.body as PendingVerificationView[]).find((d) => d.id === documentId)));
    expect((await queued())?.user).toMatchObject({ airline: 'Delta Air Lines', position: 'Pilot' });
    const outdated = await adminApi.post(`/api/admin/verifications/${documentId}/approve`);
    expect([outdated.status, outdated.body.code, outdated.body.message]).toEqual([409, 'verification_outdated', 'This member changed their airline or position after sending this document. Reject it: they can send one for their new employment.']);
    expect((await member.api.get('/api/users/me')).body.verified).toBe(false);
    expect(await queued()).toBeDefined();
    // back to Delta, but as co-pilot: still not what was sent
    expect((await member.api.patch(`/api/users/${member.id}`, { airline: 'Delta Air Lines', position: 'Co-Pilot' })).status).toBe(200);
    expect((await adminApi.post(`/api/admin/verifications/${documentId}/approve`)).status).toBe(409);
    // as it was sent: approved; a rejection is always possible
    expect((await member.api.patch(`/api/users/${member.id}`, { position: 'Pilot' })).status).toBe(200);
    expect((await adminApi.post(`/api/admin/verifications/${documentId}/approve`)).body).toEqual({ status: 'approved' });
    expect((await member.api.get('/api/users/me')).body).toMatchObject({ verified: true, airline: 'Delta Air Lines', position: 'Pilot' });
    const other = await memberWithProfile();
    const otherDocument = randomUUID();
    await submitDocument(other.id, otherDocument);
    expect((await other.api.patch(`/api/users/${other.id}`, { airline: 'United Airlines' })).status).toBe(200);
    expect((await adminApi.post(`/api/admin/verifications/${otherDocument}/reject`)).body).toEqual({ status: 'rejected' });
  });

  it("lets no admin approve or reject their own employment document (nobody decides their own case), nor lists it in the admin's queue; another admin may", async () => {
    const { api: adminApi, id: adminId } = await admin();
    expect((await adminApi.post('/api/users', registration(adminId))).status).toBe(201);
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'badge.pdf');
    expect((await fetch(`${base}/api/verification`, { method: 'POST', body: form, headers: { origin: base, cookie: adminApi.cookie } })).status).toBe(201);
    const other = await verifiedUser(otherAdminEmail);
    const own = ((await other.api.get('/api/admin/verifications')).body as PendingVerificationView[]).find((d) => d.userId === adminId)!;
    expect(own).toBeDefined();
    // the admin's own queue leaves it out: there is nothing they could do with it
    expect(((await adminApi.get('/api/admin/verifications')).body as PendingVerificationView[]).map((d) => d.id)).not.toContain(own.id);
    for (const decision of ['approve', 'reject']) {
      const refused = await adminApi.post(`/api/admin/verifications/${own.id}/${decision}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'cannot_review_self', message: 'You cannot review your own document' });
    }
    expect((await adminApi.get('/api/users/me')).body.verified).toBe(false);
    expect(await rpc.send(Rpc.profiles.verificationStatus, { userId: adminId })).toEqual({ status: 'pending', standing: 'pending' });
    // another admin decides it
    expect((await other.api.post(`/api/admin/verifications/${own.id}/approve`)).body).toEqual({ status: 'approved' });
    expect((await adminApi.get('/api/users/me')).body.verified).toBe(true);
  });

  it('deletes the profile, its documents and its stored files with the account', async () => {
    const member = await memberWithProfile();
    const other = await memberWithProfile();
    const photoId = member.photos[0].split('/').pop()!;
    const documentId = randomUUID();
    await storage.put(photoObjectKey(member.id, photoId, 'display'), Buffer.from('webp'), 'image/webp');
    await storage.put(`documents/${member.id}/${documentId}.pdf`, Buffer.from('%PDF'), 'application/pdf');
    await storage.put(photoObjectKey(other.id, randomUUID(), 'display'), Buffer.from('webp'), 'image/webp');
    await submitDocument(member.id, documentId);
    expect((await member.api.delete(`/api/users/${member.id}`)).status).toBe(200);
    expect((await member.api.get('/api/users/me')).status).toBe(404);
    await eventually(async () => (await rpc.send(Rpc.profiles.get, { userId: member.id })) === null, 10_000, 'the profile to go');
    await eventually(async () => (await storage.get(photoObjectKey(member.id, photoId, 'display'))) === null, 10_000, 'the photos to go');
    expect(await storage.get(`documents/${member.id}/${documentId}.pdf`)).toBeNull();
    await expect(rpc.send(Rpc.profiles.getDocument, { documentId })).rejects.toMatchObject({ body: { status: 404 } });
    expect((await other.api.get('/api/users/me')).body.profileCompleted).toBe(true);
  });

  it('stores no profile and no settings for an account deleted while its registration and a settings change were on their way (past their session check)', async () => {
    const member = await verifiedUser();
    const held = holdRpc(gw, [Rpc.profiles.create, Rpc.profiles.updateSettings], forMember(member.id));
    try {
      const creating = member.api.post('/api/users', registration(member.id));
      const changing = member.api.put('/api/users/me/settings', { privacy: { showAge: false } });
      await held.reached;
      expect((await member.api.delete(`/api/users/${member.id}`)).status).toBe(200);
      await eventually(async () => (await gw.query('profiles', 'SELECT 1 FROM profiles.departed_members WHERE user_id = $1', [member.id])).length === 1, 10_000, 'profiles to hear of the deletion');
      held.release();
      const answers = await Promise.all([creating, changing]);
      expect(await gw.query('profiles', 'SELECT 1 FROM profiles.profiles WHERE user_id = $1', [member.id])).toEqual([]);
      expect(await gw.query('profiles', 'SELECT 1 FROM profiles.member_settings WHERE user_id = $1', [member.id])).toEqual([]);
      expect(answers.map((a) => [a.status, a.body.message])).toEqual([
        [404, Messages.accountNotFound],
        [404, Messages.accountNotFound],
      ]);
    } finally {
      held.restore();
    }
  });

  it('keeps both of two first settings changes sent at once: neither starts from the defaults and undoes the other', async () => {
    const member = await verifiedUser();
    const waiting = async () =>
      Number((await gw.query<{ n: string }>('profiles', `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'aero-profiles'`))[0]!.n);
    // the member has no settings row to lock yet; the table waits for the test, so the first change
    // is held before it stores its row while the second arrives
    const db = new pg.Client({ connectionString: gw.settings.databaseUrl('profiles') });
    await db.connect();
    let changes: ReturnType<ApiClient['put']>[];
    try {
      await db.query('BEGIN');
      await db.query('LOCK TABLE profiles.member_settings IN SHARE MODE');
      changes = [member.api.put('/api/users/me/settings', { privacy: { showAge: false } }), member.api.put('/api/users/me/settings', { notifications: { likes: true } })];
      await eventually(async () => (await waiting()) === 2, 10_000, 'both changes under way');
    } finally {
      await db.query('COMMIT');
      await db.end();
    }
    expect((await Promise.all(changes)).map((r) => r.status)).toEqual([200, 200]);
    expect((await member.api.get('/api/users/me/settings')).body).toMatchObject({ privacy: { showAge: false }, notifications: { likes: true } });
  });
});
