import type { RpcClient } from '@aero/common';
import { type AccountRestrictedEvent, type AuditEntryView, Events, Limits, Messages, type MessageView, type ModerationCaseView, Rpc, SafetyMessages, SocketEvents, TEST_CARDS } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { createMember, inDeck, type Member, matchedPair, memberProfile } from './support/members.js';
import { waitingOnLock } from './support/lock-waits.js';
import { collect, connect } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

const emitWithAck = <T>(socket: Socket, event: string, body: unknown) => socket.timeout(15_000).emitWithAck(event, body) as Promise<T>;

/** a text obscenity and the other languages' lists score as abusive */
const ABUSIVE = 'You are a bitch';

/**
 * Trust and safety through the real gateway in both runtime modes: reports grouped into one case
 * per reported member, the moderators' queue and actions (dismiss, warn, suspend, ban) taking
 * effect in every service at once, the append-only audit log, employment documents deleted once
 * decided, and the nudge before abusive messages.
 */
describe.each(GATEWAY_MODES)('trust and safety (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;
  let storage: ObjectStorage;
  let rpc: RpcClient;
  const adminEmail = testEmail('moderator');
  const otherAdminEmail = testEmail('moderator');

  beforeAll(async () => {
    gw = await startTestGateway(mode, { DEMO_SEED: 'false', ADMIN_EMAILS: `${adminEmail},${otherAdminEmail}` });
    base = gw.base;
    const ctx = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT);
    storage = ctx.storage;
    rpc = ctx.rpc;
  });
  afterAll(() => gw?.close());

  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  const signedUp = async (email: string): Promise<Member> => {
    const api = new ApiClient(base);
    expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
    const verified = await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) });
    return { api, id: verified.body.user.id as string, email };
  };
  let adminSession: Promise<Member> | undefined;
  const admin = () => (adminSession ??= signedUp(adminEmail));

  const member = (firstName: string, gender: 'male' | 'female') => createMember(base, firstName, gender);
  const openCases = async () => (await (await admin()).api.get('/api/admin/reports')).body as ModerationCaseView[];
  const caseOf = async (userId: string) => (await openCases()).find((c) => c.reportedUser.id === userId);
  const auditLog = async () => (await (await admin()).api.get('/api/admin/audit')).body as AuditEntryView[];
  const deckOf = async (m: Member) => ((await m.api.get('/api/discovery')).body as { id: string }[]).map((c) => c.id);
  /** a statement straight on a service's schema (what time or a bypass of the app would do) */
  const sql = (service: 'identity' | 'discovery' | 'profiles', text: string, params: unknown[]) => gw.query(service, text, params);
  const send = (m: Member, matchId: string, content: string, extra: Record<string, unknown> = {}) => m.api.post(`/api/matches/${matchId}/messages`, { id: randomUUID(), content, messageType: 'text', ...extra });

  it('report → case → ban: the member is gone everywhere at once and can neither sign in nor sign up again', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Ana', 'Ben');
    const attached = (await send(ben, matchId, 'Send me your hotel room number')).body as MessageView;
    const other = (await send(ben, matchId, 'Hello?')).body as MessageView;
    // Eve has matched Ben too; Carl has him in his deck; Dora was viewed and liked by him
    const eve = await member('Eve', 'female');
    const carl = await member('Carl', 'female');
    const dora = await member('Dora', 'female');
    await inDeck(eve, ben);
    await inDeck(ben, eve);
    await eve.api.patch('/api/likes', { toUserId: ben.id });
    const eveAndBen = (await ben.api.patch('/api/likes', { toUserId: eve.id })).body as { isMatch: boolean; match: { id: string } };
    expect(eveAndBen.isMatch).toBe(true);
    await eventually(async () => (await send(eve, eveAndBen.match.id, 'Hi Ben')).status === 201, 10_000, "Eve and Ben's conversation");
    await inDeck(carl, ben);
    await inDeck(ben, dora);
    expect((await ben.api.post('/api/profile-views', { viewedUserId: dora.id })).status).toBe(200);
    await ben.api.patch('/api/likes', { toUserId: dora.id });
    await eventually(async () => ((await dora.api.get('/api/notifications')).body as { data: { fromUserId?: string } }[]).some((n) => n.data.fromUserId === ben.id), 10_000, "Ben's like");
    expect(((await dora.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).some((v) => v.viewer.id === ben.id)).toBe(true);
    expect((await dora.api.get('/api/profile-views/count')).body).toEqual({ count: 1 });

    // Ana reports Ben with one of his messages (blocking him, the default), then again: one case
    const first = await ana.api.post('/api/reports', { userId: ben.id, reason: 'harassment', details: 'He keeps asking where I stay', messageIds: [attached.id] });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, blocked: true });
    expect(((await ana.api.get('/api/blocks')).body as { userId: string }[]).map((b) => b.userId)).toEqual([ben.id]);
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'safety_concern' })).status).toBe(201);
    // Carl reports him from the deck without blocking
    expect((await carl.api.post('/api/reports', { userId: ben.id, reason: 'fake_profile', block: false })).body).toEqual({ success: true, blocked: false });
    expect(await deckOf(carl)).toContain(ben.id);

    const opened = await caseOf(ben.id);
    expect(opened).toMatchObject({
      reporterCount: 2,
      reportedUser: { id: ben.id, email: ben.email, firstName: 'Ben', age: 30, bio: 'Flying high', airline: 'Delta Air Lines', verified: false, verificationStatus: 'none', restriction: null },
    });
    expect(opened!.reportedUser.photos).toHaveLength(1);
    expect(opened!.reports.map((r) => [r.reason, r.details, r.automatic])).toEqual([
      ['harassment', 'He keeps asking where I stay', false],
      ['safety_concern', null, false],
      ['fake_profile', null, false],
    ]);
    // only the attached message, never the rest of the conversation, and never who reported
    expect(opened!.messages).toEqual([{ id: attached.id, fromReported: true, messageType: 'text', content: 'Send me your hotel room number', createdAt: attached.createdAt }]);
    expect(JSON.stringify(opened)).not.toContain(other.id);
    expect(JSON.stringify(opened)).not.toContain(ana.id);
    expect(JSON.stringify(opened)).not.toContain(carl.id);
    // the reported member hears nothing of it
    expect(((await ben.api.get('/api/notifications')).body as { title: string }[]).some((n) => /report/i.test(n.title))).toBe(false);

    // his photos open for his match and for whom he viewed, until the ban
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa3355' } }).png().toBuffer())], { type: 'image/png' }), 'ben.png');
    const [benPhoto] = ((await (await fetch(`${base}/api/photos`, { method: 'POST', body: form, headers: { origin: base, cookie: ben.api.cookie } })).json()) as { photos: string[] }).photos;
    const openPhoto = async (m: Member) => (await fetch(`${base}${benPhoto}`, { redirect: 'manual', headers: { cookie: m.api.cookie } })).status;
    expect([await openPhoto(eve), await openPhoto(dora)]).toEqual([302, 302]);

    const benSocket = await connect(base, ben);
    sockets.push(benSocket);
    const disconnected = new Promise<void>((resolve) => benSocket.once('disconnect', () => resolve()));

    const { api: adminApi } = await admin();
    const banned = await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'ban', reason: 'Harassment of several members' });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ caseId: opened!.id, userId: ben.id, status: 'banned', restriction: { kind: 'banned', until: null } });

    // every session and socket ends at once
    await disconnected;
    expect((await ben.api.get('/api/matches')).status).toBe(401);
    // sign-in is refused with a clear message, and the email cannot sign up again
    const login = await new ApiClient(base).post('/api/auth/login', { email: ben.email, password: 'secret-pass' });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account_banned', message: Messages.accountBanned });
    expect((await new ApiClient(base).post('/api/auth/login', { email: ben.email, password: 'wrong-pass' })).status).toBe(401);
    // (answered as any sign-up, so nobody learns he was banned; his address gets nothing)
    const mailTo = async (to: string) =>
      ((await (await fetch(`${base}/dev/mailbox/messages`)).json()) as { id: string; to: string; subject: string }[]).filter((m) => m.to.toLowerCase() === to.toLowerCase());
    const before = new Set((await mailTo(ben.email!)).map((m) => m.id));
    const signup = await new ApiClient(base).post('/api/auth/signup', { email: ben.email!.toUpperCase(), password: 'secret-pass' });
    expect({ status: signup.status, body: signup.body }).toEqual({ status: 201, body: { success: true } });
    // (a sign-up made after his has had its mail sent)
    const later = testEmail();
    await new ApiClient(base).post('/api/auth/signup', { email: later, password: 'secret-pass' });
    await verificationCode(base, later);
    expect((await mailTo(ben.email!)).filter((m) => !before.has(m.id))).toEqual([]);

    // gone from every deck, match list, who viewed me and notification
    await eventually(async () => !(await deckOf(carl)).includes(ben.id), 10_000, 'Ben out of the deck');
    expect(((await eve.api.get('/api/matches')).body as { otherUser: { id: string } }[]).some((m) => m.otherUser.id === ben.id)).toBe(false);
    expect(((await dora.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).some((v) => v.viewer.id === ben.id)).toBe(false);
    // the badge counts only whom the list shows
    expect((await dora.api.get('/api/profile-views/count')).body).toEqual({ count: 0 });
    await eventually(async () => !((await dora.api.get('/api/notifications')).body as { data: { fromUserId?: string } }[]).some((n) => n.data.fromUserId === ben.id), 10_000, "Ben's notifications gone");
    expect((await carl.api.post('/api/profile-views', { viewedUserId: ben.id })).status).toBe(404);
    expect((await carl.api.patch('/api/likes', { toUserId: ben.id })).status).toBe(404);
    // his photos no longer open for anyone but the moderators
    expect([await openPhoto(eve), await openPhoto(dora), await openPhoto(carl), await openPhoto(await admin())]).toEqual([404, 404, 404, 302]);
    // his conversations are closed: a former match can no longer write to him
    await eventually(async () => (await send(eve, eveAndBen.match.id, 'Are you there?')).status === 404, 10_000, "Eve and Ben's conversation closed");

    // the case left the queue, a second decision is refused, and the audit log has it
    expect(await caseOf(ben.id)).toBeUndefined();
    expect((await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'dismiss' })).status).toBe(409);
    expect((await auditLog()).find((e) => e.subjectId === opened!.id)).toMatchObject({
      action: 'case.banned',
      adminId: (await admin()).id,
      adminEmail,
      targetUserId: ben.id,
      targetEmail: ben.email,
      reason: 'Harassment of several members',
    });
  });

  it('bans a reported member who deleted the account meanwhile: the case shows the address, and it cannot sign up again', async () => {
    const [ana, ben] = [await member('Ona', 'female'), await member('Bram', 'male')];
    await inDeck(ana, ben);
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'harassment' })).status).toBe(201);
    expect((await ben.api.delete(`/api/users/${ben.id}`)).status).toBe(200);
    const opened = await caseOf(ben.id);
    expect(opened?.reportedUser).toMatchObject({ id: ben.id, email: ben.email });
    const { api: adminApi } = await admin();
    const banned = await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'ban', reason: 'Harassment, then left' });
    expect(banned.status).toBe(200);
    expect(await caseOf(ben.id)).toBeUndefined();
    expect((await auditLog()).find((e) => e.subjectId === opened!.id)).toMatchObject({ action: 'case.banned', targetUserId: ben.id, details: { accountDeleted: true } });
    // signing up again is answered as any sign-up, and the address gets no code
    const mails = async () => ((await (await fetch(`${base}/dev/mailbox/messages`)).json()) as { to: string }[]).filter((m) => m.to.toLowerCase() === ben.email!.toLowerCase()).length;
    const before = await mails();
    expect((await new ApiClient(base).post('/api/auth/signup', { email: ben.email, password: 'secret-pass' })).status).toBe(201);
    const later = testEmail();
    await new ApiClient(base).post('/api/auth/signup', { email: later, password: 'secret-pass' });
    await verificationCode(base, later);
    expect(await mails()).toBe(before);
  });

  it("forgets a deleted account's reports, made or received, once their case is decided; the cases stay, without the address, and so do their audit entries", async () => {
    const [ana, ben, cal] = [await member('Anya', 'female'), await member('Bo', 'male'), await member('Cal', 'male')];
    await inDeck(ana, ben);
    await inDeck(ana, cal);
    const { api: adminApi } = await admin();
    const reportsIn = async (caseId: string) => sql('identity', 'SELECT reporter_id FROM identity.reports WHERE case_id = $1', [caseId]);
    const dismiss = async (caseId: string) => expect((await adminApi.post(`/api/admin/reports/${caseId}/actions`, { action: 'dismiss' })).status).toBe(200);
    const report = async (reported: Member) => {
      expect((await ana.api.post('/api/reports', { userId: reported.id, reason: 'harassment', block: false })).status).toBe(201);
      return (await caseOf(reported.id))!.id;
    };
    // Anya's reports: a decided case about Bo, a decided one about Cal, and an open one about Cal
    const aboutBen = await report(ben);
    await dismiss(aboutBen);
    const aboutCal = await report(cal);
    await dismiss(aboutCal);
    const stillOpen = await report(cal);
    expect([(await reportsIn(aboutBen)).length, (await reportsIn(aboutCal)).length]).toEqual([1, 1]);

    // the member reported deletes the account: the reports about them go
    expect((await ben.api.delete(`/api/users/${ben.id}`)).status).toBe(200);
    await eventually(async () => (await reportsIn(aboutBen)).length === 0, 10_000, 'the reports about the deleted account to go');
    // the reporter deletes theirs: their report in the decided case goes, the one in the open case waits for its decision
    expect((await ana.api.delete(`/api/users/${ana.id}`)).status).toBe(200);
    await eventually(async () => (await reportsIn(aboutCal)).length === 0, 10_000, "the deleted reporter's reports to go");
    expect(await reportsIn(stillOpen)).toHaveLength(1);
    expect((await caseOf(cal.id))?.id).toBe(stillOpen);
    await dismiss(stillOpen);
    expect(await reportsIn(stillOpen)).toEqual([]);

    const cases = [aboutBen, aboutCal, stillOpen];
    expect(await sql('identity', 'SELECT status, reported_email FROM identity.moderation_cases WHERE id = ANY($1::uuid[])', [cases])).toEqual(cases.map(() => ({ status: 'dismissed', reported_email: null })));
    const log = await auditLog();
    for (const id of cases) expect(log.find((e) => e.subjectId === id)).toMatchObject({ action: 'case.dismissed' });
  });

  it('bans the new account of a reported member who deleted the account and signed up again with the address, verified or not', async () => {
    /** a new account with the address of one deleted: its id, and the code mailed for it (not one mailed before) */
    const signedUpAgain = async (email: string) => {
      const mailedBefore = new Set(((await (await fetch(`${base}/dev/mailbox/messages`)).json()) as { id: string; to: string }[]).filter((m) => m.to.toLowerCase() === email.toLowerCase()).map((m) => m.id));
      const api = new ApiClient(base);
      expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
      const [account] = await sql('identity', 'SELECT id FROM identity.accounts WHERE email = $1', [email.toLowerCase()]);
      return { api, id: (account as { id: string }).id, email, code: verificationCode(base, email, mailedBefore) };
    };
    const [ana, carl] = [await member('Oda', 'female'), await member('Cass', 'female')];
    const ben = await member('Bert', 'male');
    await inDeck(ana, ben);
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'harassment' })).status).toBe(201);
    const opened = await caseOf(ben.id);
    // before the ban: deleted, signed up again, a profile again, in decks again
    expect((await ben.api.delete(`/api/users/${ben.id}`)).status).toBe(200);
    const again = await signedUpAgain(ben.email!);
    expect((await again.api.post('/api/auth/verify', { email: ben.email, code: await again.code, password: 'secret-pass' })).status).toBe(200);
    expect((await again.api.post('/api/users', memberProfile(again.id, 'Bert', 'male'))).status).toBe(201);
    await inDeck(carl, again);

    const { api: adminApi } = await admin();
    const banned = await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'ban', reason: 'Harassment, then came back' });
    expect([banned.status, banned.body]).toEqual([200, expect.objectContaining({ userId: again.id, status: 'banned', restriction: { kind: 'banned', until: null } })]);
    expect((await auditLog()).find((e) => e.subjectId === opened!.id)).toMatchObject({ action: 'case.banned', targetUserId: ben.id, details: { accountDeleted: true, accountNow: again.id } });
    // the new account's session ends, it cannot sign in, and it leaves every deck
    expect((await again.api.get('/api/matches')).status).toBe(401);
    expect((await new ApiClient(base).post('/api/auth/login', { email: ben.email, password: 'secret-pass' })).body).toMatchObject({ statusCode: 403, message: Messages.accountBanned });
    await eventually(async () => !(await deckOf(carl)).includes(again.id), 10_000, 'the new account to leave the deck');

    // signed up again but not verified yet when banned: its code confirms the address, and no session comes of it
    const dan = await member('Dale', 'male');
    await inDeck(ana, dan);
    expect((await ana.api.post('/api/reports', { userId: dan.id, reason: 'harassment' })).status).toBe(201);
    const danCase = await caseOf(dan.id);
    expect((await dan.api.delete(`/api/users/${dan.id}`)).status).toBe(200);
    const comeback = await signedUpAgain(dan.email!);
    const code = await comeback.code;
    expect((await adminApi.post(`/api/admin/reports/${danCase!.id}/actions`, { action: 'ban', reason: 'Harassment' })).body).toMatchObject({ userId: comeback.id, status: 'banned' });
    const verified = await comeback.api.post('/api/auth/verify', { email: dan.email, code, password: 'secret-pass' });
    expect([verified.status, verified.body.message]).toEqual([403, Messages.accountBanned]);
    expect((await comeback.api.get('/api/matches')).status).toBe(401);
  });

  it('suspends a member like a ban until it ends', async () => {
    const { ana, ben } = await matchedPair(base, 'Alba', 'Bruno');
    const carl = await member('Cleo', 'female');
    await inDeck(carl, ben);
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'spam_scam', details: 'Asks for money' })).status).toBe(201);
    const opened = await caseOf(ben.id);
    const { api: adminApi } = await admin();
    expect((await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'suspend', reason: 'Scam' })).body).toMatchObject({ message: SafetyMessages.suspensionDays });
    expect((await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'suspend', reason: 'Scam', suspendDays: Limits.suspensionMaxDays + 1 })).status).toBe(400);
    const suspended = await adminApi.post(`/api/admin/reports/${opened!.id}/actions`, { action: 'suspend', reason: 'Scam', suspendDays: 7 });
    expect(suspended.status).toBe(200);
    const until = Date.parse(suspended.body.restriction.until);
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(suspended.body.restriction.kind).toBe('suspended');

    expect((await ben.api.get('/api/matches')).status).toBe(401);
    const login = await new ApiClient(base).post('/api/auth/login', { email: ben.email, password: 'secret-pass' });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account_suspended', message: Messages.accountSuspended });
    await eventually(async () => !(await deckOf(carl)).includes(ben.id), 10_000, 'out of the deck');
    expect((await auditLog()).find((e) => e.subjectId === opened!.id)).toMatchObject({ action: 'case.suspended', reason: 'Scam', details: { days: 7, suspendedUntil: suspended.body.restriction.until } });

    // the suspension ends (its end moved to the past, as time would): the member is back
    await sql('identity', `UPDATE identity.accounts SET suspended_until = now() - interval '1 second' WHERE id = $1`, [ben.id]);
    expect((await new ApiClient(base).post('/api/auth/login', { email: ben.email, password: 'secret-pass' })).status).toBe(200);
    await sql('discovery', `UPDATE discovery.candidates SET restricted_until = now() - interval '1 second' WHERE user_id = $1`, [ben.id]);
    expect(await deckOf(carl)).toContain(ben.id);
  });

  it('keeps a suspension at its latest end, and a banned member banned: a later case is only dismissed or warned', async () => {
    const { ana, ben } = await matchedPair(base, 'Alva', 'Bert');
    const { api: adminApi } = await admin();
    const act = async (action: string, extra: Record<string, unknown> = {}) => {
      expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'other', details: 'Odd', block: false })).status).toBe(201);
      return adminApi.post(`/api/admin/reports/${(await caseOf(ben.id))!.id}/actions`, { action, reason: 'Rude', ...extra });
    };
    const month = await act('suspend', { suspendDays: 30 });
    expect(month.status).toBe(200);
    // a day's suspension on a new case does not end the month's early
    const day = await act('suspend', { suspendDays: 1 });
    expect(day.status).toBe(200);
    expect(day.body.restriction).toEqual(month.body.restriction);
    expect((await auditLog()).find((e) => e.subjectId === day.body.caseId)).toMatchObject({ details: { days: 1, suspendedUntil: month.body.restriction.until, longerKept: true } });
    expect((await act('ban')).body).toMatchObject({ status: 'banned', restriction: { kind: 'banned', until: null } });
    for (const [action, extra] of [['suspend', { suspendDays: 7 }], ['ban', {}]] as const) {
      const again = await act(action, extra);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'already_banned', message: SafetyMessages.alreadyBanned });
    }
    // that case stays open for another decision
    const open = (await caseOf(ben.id))!;
    expect((await adminApi.post(`/api/admin/reports/${open.id}/actions`, { action: 'dismiss' })).body).toMatchObject({ status: 'dismissed' });
  });

  it('lets no moderator decide a case about themselves, nor suspend or ban another admin', async () => {
    const { api: adminApi, id: adminId } = await admin();
    const other = await signedUp(otherAdminEmail);
    const reporter = await member('Rhea', 'female');
    // cases about the two admins (filed through the internal call, which takes any report as given)
    const caseAbout = async (reportedId: string) => {
      await rpc.send(Rpc.identity.fileReport, { reporterId: reporter.id, reportedId, reason: 'other', details: null, messages: [] });
      return (await caseOf(reportedId))!.id;
    };
    const own = await caseAbout(adminId);
    for (const action of ['dismiss', 'warn', 'suspend', 'ban']) {
      const refused = await adminApi.post(`/api/admin/reports/${own}/actions`, { action, reason: 'Not me', suspendDays: 1 });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'cannot_moderate_self', message: SafetyMessages.cannotModerateSelf });
    }
    const theirs = await caseAbout(other.id);
    for (const action of ['suspend', 'ban']) {
      const refused = await adminApi.post(`/api/admin/reports/${theirs}/actions`, { action, reason: 'Lock out', suspendDays: 1 });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'cannot_restrict_admin', message: SafetyMessages.cannotRestrictAdmin });
    }
    expect((await other.api.get('/api/users/me')).status).not.toBe(401);
    expect((await auditLog()).some((e) => e.subjectId === own || e.subjectId === theirs)).toBe(false);
    // the other admin decides the first one's case
    expect((await other.api.post(`/api/admin/reports/${own}/actions`, { action: 'dismiss' })).body).toMatchObject({ status: 'dismissed' });
  });

  it('lets a banned or suspended member, who cannot sign in, delete the account with its password; a banned address stays banned', async () => {
    const reporter = await member('Rhea', 'female');
    const { api: adminApi } = await admin();
    const [bo, sue] = [await member('Bo', 'male'), await member('Sue', 'female')];
    for (const [who, action] of [[bo, 'ban'], [sue, 'suspend']] as const) {
      await rpc.send(Rpc.identity.fileReport, { reporterId: reporter.id, reportedId: who.id, reason: 'spam_scam', details: null, messages: [] });
      expect((await adminApi.post(`/api/admin/reports/${(await caseOf(who.id))!.id}/actions`, { action, reason: 'Scam', suspendDays: 7 })).status).toBe(200);
    }
    const deleteWith = (body: Record<string, unknown>) => new ApiClient(base).post('/api/auth/delete-account', body);
    const account = async (m: Member) => gw.query('identity', 'SELECT 1 FROM identity.accounts WHERE id = $1', [m.id]);
    const profile = async (m: Member) => gw.query('profiles', 'SELECT 1 FROM profiles.profiles WHERE user_id = $1', [m.id]);

    // the password is checked as a sign-in checks it: a wrong one, an unknown address or a body without one deletes nothing
    expect((await deleteWith({ email: bo.email, password: 'wrong-pass' })).body).toMatchObject({ statusCode: 401, message: Messages.invalidCredentials });
    expect((await deleteWith({ email: testEmail('nobody'), password: 'secret-pass' })).body).toMatchObject({ statusCode: 401, message: Messages.invalidCredentials });
    const noPassword = await deleteWith({ email: bo.email });
    expect([noPassword.status, noPassword.body.message]).toEqual([400, (await new ApiClient(base).post('/api/auth/login', { email: bo.email })).body.message]);
    expect(await account(bo)).toHaveLength(1);
    expect((await new ApiClient(base).post('/api/auth/login', { email: bo.email, password: 'secret-pass' })).body).toMatchObject({ code: 'account_banned' });

    for (const m of [bo, sue]) {
      expect((await deleteWith({ email: m.email!.toUpperCase(), password: 'secret-pass' })).body).toEqual({ success: true });
      expect(await account(m)).toEqual([]);
      await eventually(async () => (await profile(m)).length === 0, 10_000, `the profile of ${m.id} deleted`);
      // gone: the same request again, or a sign-in, finds no account
      expect((await deleteWith({ email: m.email, password: 'secret-pass' })).status).toBe(401);
      expect((await new ApiClient(base).post('/api/auth/login', { email: m.email, password: 'secret-pass' })).body).toMatchObject({ statusCode: 401, message: Messages.invalidCredentials });
    }
    // the banned address cannot sign up again (answered as any sign-up; no account is made), nor the
    // suspended one while the suspension lasts: deleting the account does not end it early
    const signUp = (email: string) => new ApiClient(base).post('/api/auth/signup', { email, password: 'secret-pass' });
    const accountsOf = (email: string) => gw.query('identity', 'SELECT 1 FROM identity.accounts WHERE lower(email) = lower($1)', [email]);
    for (const m of [bo, sue]) {
      expect((await signUp(m.email!)).status).toBe(201);
      expect(await accountsOf(m.email!)).toEqual([]);
    }
    // once the suspension is over (its end moved to a minute ago), the address signs up again, and is forgotten
    await gw.query('identity', `UPDATE identity.banned_emails SET until = now() - interval '1 minute' WHERE email = lower($1) AND until IS NOT NULL`, [sue.email]);
    expect((await signUp(sue.email!)).status).toBe(201);
    expect(await accountsOf(sue.email!)).toHaveLength(1);
    expect(await accountsOf(bo.email!)).toEqual([]);
  });

  it('deletes no account whose address is not confirmed yet: anyone can sign up with it and so choose its password', async () => {
    const email = testEmail('unconfirmed');
    // the owner signs up and waits for the code; someone else signs up with the address, choosing the password
    expect((await new ApiClient(base).post('/api/auth/signup', { email, password: 'owners-pass' })).status).toBe(201);
    expect((await new ApiClient(base).post('/api/auth/signup', { email, password: 'someone-elses' })).status).toBe(201);
    for (const password of ['someone-elses', 'owners-pass']) {
      expect((await new ApiClient(base).post('/api/auth/delete-account', { email, password })).body).toMatchObject({ statusCode: 401, message: Messages.invalidCredentials });
    }
    // the owner's code still confirms the account, with their password
    const verified = await new ApiClient(base).post('/api/auth/verify', { email, code: await verificationCode(base, email), password: 'owners-pass' });
    expect(verified.status).toBe(200);
  });

  it('stops charging a banned member at once (they can no longer sign in to cancel or delete the account); a suspension leaves the subscription as it is', async () => {
    const reporter = await member('Rita', 'female');
    const { api: adminApi } = await admin();
    const restrict = async (who: Member, action: 'suspend' | 'ban') => {
      await rpc.send(Rpc.identity.fileReport, { reporterId: reporter.id, reportedId: who.id, reason: 'spam_scam', details: null, messages: [] });
      expect((await adminApi.post(`/api/admin/reports/${(await caseOf(who.id))!.id}/actions`, { action, reason: 'Scam', suspendDays: 7 })).status).toBe(200);
    };
    /** the subscription as the provider, billing and identity have it */
    const subscription = async (m: Member) => {
      const [provider] = await gw.query<{ status: string }>('billing', 'SELECT status FROM billing.test_subscriptions WHERE user_id = $1', [m.id]);
      const [billing] = await gw.query<{ status: string; provider_status: string }>('billing', 'SELECT status, provider_status FROM billing.subscriptions WHERE user_id = $1', [m.id]);
      const [account] = await gw.query<{ subscription_status: string }>('identity', 'SELECT subscription_status FROM identity.accounts WHERE id = $1', [m.id]);
      return { provider: provider?.status, billing, identity: account?.subscription_status };
    };
    const paying = async (firstName: string) => {
      const m = await createMember(base, firstName, 'male', { userType: 'general', airline: null, position: null });
      const { clientSecret } = (await m.api.post('/api/get-or-create-subscription')).body as { clientSecret: string };
      expect((await m.api.post('/api/billing/test-payments', { clientSecret, cardNumber: TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
      await eventually(async () => (await subscription(m)).identity === 'active', 10_000, 'identity mirrors the subscription');
      return m;
    };
    const paid = { provider: 'active', billing: { status: 'active', provider_status: 'active' }, identity: 'active' };
    const [sam, paul] = [await paying('Sam'), await paying('Paul')];
    expect(await subscription(paul)).toEqual(paid);

    await restrict(sam, 'suspend');
    await restrict(paul, 'ban');
    expect((await new ApiClient(base).post('/api/auth/login', { email: paul.email, password: 'secret-pass' })).status).toBe(403);
    // cancelled at the provider at once (never charged again); billing keeps the member, cancelled, and identity hears of it
    await eventually(async () => (await subscription(paul)).identity === 'inactive', 10_000, "the banned member's subscription cancelled");
    expect(await subscription(paul)).toEqual({ provider: 'canceled', billing: { status: 'inactive', provider_status: 'canceled' }, identity: 'inactive' });
    // a suspension (heard before the ban) ends by itself: the member keeps what they pay for
    expect(await subscription(sam)).toEqual(paid);
  });

  it("ends a restricted member's sessions when the restriction's event is heard, whatever happened to the moderator's call", async () => {
    // a session the moderator's own call did not end (it failed, or a sign-in raced it)
    const max = await member('Max', 'male');
    expect((await max.api.get('/api/users/me')).status).toBe(200);
    const bus = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).bus;
    const payload: AccountRestrictedEvent = { accountId: max.id, revision: 1000, restriction: { kind: 'banned', until: null } };
    await bus.publish([{ id: randomUUID(), subject: Events.identity.accountRestricted, schemaVersion: 1, occurredAt: new Date().toISOString(), payload }]);
    await eventually(async () => (await max.api.get('/api/users/me')).status === 404, 10_000, 'the session ended');
  });

  it('warns (a notification of type other) or dismisses, each written to the audit log', async () => {
    const { ana, ben } = await matchedPair(base, 'Aria', 'Boris');
    await ana.api.post('/api/reports', { userId: ben.id, reason: 'inappropriate_photos', block: false });
    const { api: adminApi } = await admin();
    const warnCase = (await caseOf(ben.id))!;
    expect((await adminApi.post(`/api/admin/reports/${warnCase.id}/actions`, { action: 'warn' })).body.message).toBe(SafetyMessages.moderationReasonRequired);
    expect((await adminApi.post(`/api/admin/reports/${warnCase.id}/actions`, { action: 'warn', reason: 'Photo breaks the rules' })).body).toMatchObject({ status: 'warned', restriction: null });
    const warning = await eventually(async () => ((await ben.api.get('/api/notifications')).body as { type: string; title: string; message: string }[]).find((n) => n.title === 'A warning from our moderators'), 10_000, 'the warning');
    expect(warning.type).toBe('other');
    expect(warning.message).not.toContain(ana.id);
    expect((await ben.api.get('/api/users/me')).status).toBe(200);

    // a new report after a decision opens a new case; dismissing it changes nothing for the member
    await ana.api.post('/api/reports', { userId: ben.id, reason: 'other', details: 'Rude' });
    const next = (await caseOf(ben.id))!;
    expect(next.id).not.toBe(warnCase.id);
    expect((await adminApi.post(`/api/admin/reports/${next.id}/actions`, { action: 'dismiss' })).body).toMatchObject({ status: 'dismissed' });
    expect((await ben.api.get('/api/users/me')).status).toBe(200);
    const log = await auditLog();
    expect(log.find((e) => e.subjectId === warnCase.id)).toMatchObject({ action: 'case.warned', reason: 'Photo breaks the rules', targetUserId: ben.id });
    expect(log.find((e) => e.subjectId === next.id)).toMatchObject({ action: 'case.dismissed', reason: null });
    // newest first
    expect(log.findIndex((e) => e.subjectId === next.id)).toBeLessThan(log.findIndex((e) => e.subjectId === warnCase.id));
    expect((await adminApi.post(`/api/admin/reports/${randomUUID()}/actions`, { action: 'dismiss' })).status).toBe(404);
  });

  it('orders the queue by distinct reporters, then oldest first', async () => {
    const [a, b, c, r1, r2] = await Promise.all([member('Quinn', 'male'), member('Rory', 'male'), member('Sam', 'male'), member('Tara', 'female'), member('Uma', 'female')]);
    for (const target of [a, b, c]) await inDeck(r1, target);
    await inDeck(r2, b);
    await r1.api.post('/api/reports', { userId: a.id, reason: 'spam_scam', block: false });
    await r1.api.post('/api/reports', { userId: a.id, reason: 'other', details: 'Odd', block: false });
    await r1.api.post('/api/reports', { userId: b.id, reason: 'spam_scam', block: false });
    await r1.api.post('/api/reports', { userId: c.id, reason: 'spam_scam', block: false });
    await r2.api.post('/api/reports', { userId: b.id, reason: 'underage', block: false });
    const order = (await openCases()).map((x) => x.reportedUser.id).filter((id) => [a.id, b.id, c.id].includes(id));
    expect(order).toEqual([b.id, a.id, c.id]);
  });

  it('blocks and reports only someone the member knows: anyone else, blocked first or not, is answered as an id of no account', async () => {
    const dave = await member('Dave', 'male');
    // Carol, a general member who has not paid: in nobody's deck, never matched, viewed or written to
    const carol = await createMember(base, 'Carol', 'female', { userType: 'general', airline: null, position: null });
    const report = (id: string, block = false) => dave.api.post('/api/reports', { userId: id, reason: 'underage', details: 'x', block });
    const answers = async (id: string) => [await report(id), await dave.api.post('/api/blocks', { userId: id }), await report(id), await report(id, true), await dave.api.delete(`/api/blocks/${id}`)].map((r) => [r.status, r.body]);
    const unknown = [404, { statusCode: 404, code: 'unknown_profile', message: Messages.unknownProfile }];
    const notBlocked = [404, { statusCode: 404, code: 'not_blocked', message: Messages.unknownProfile }];
    // the attack: a report refused, a block first, the report again; an account and no account answer alike
    expect(await answers(carol.id)).toEqual([unknown, unknown, unknown, unknown, notBlocked]);
    expect(await answers(randomUUID())).toEqual([unknown, unknown, unknown, unknown, notBlocked]);
    expect((await dave.api.get('/api/blocks')).body).toEqual([]);
    expect(await caseOf(carol.id)).toBeUndefined();

    // someone in the deck: blocked (again: nothing changes), then reported while blocked, twice; the block is lifted
    const erin = await member('Erin', 'female');
    await inDeck(dave, erin);
    expect((await dave.api.post('/api/blocks', { userId: erin.id })).body).toEqual({ success: true });
    expect((await dave.api.post('/api/blocks', { userId: erin.id })).body).toEqual({ success: true });
    expect(await deckOf(dave)).not.toContain(erin.id);
    expect((await report(erin.id)).body).toEqual({ success: true, blocked: false });
    expect((await report(erin.id, true)).body).toEqual({ success: true, blocked: true });
    expect((await caseOf(erin.id))?.reporterCount).toBe(1);
    expect((await dave.api.delete(`/api/blocks/${erin.id}`)).body).toEqual({ success: true });

    // a match
    const { ana, ben } = await matchedPair(base, 'Fay', 'Gus');
    expect((await ana.api.post('/api/blocks', { userId: ben.id })).body).toEqual({ success: true });

    // one who wrote, then hid and unmatched: no longer seen, still within reach
    const { ana: hana, ben: ivan, matchId } = await matchedPair(base, 'Hana', 'Ivan');
    expect((await send(ivan, matchId, 'Which hotel are you at?')).status).toBe(201);
    expect((await ivan.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } })).status).toBe(200);
    expect((await ivan.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    await eventually(async () => !(await rpc.send(Rpc.discovery.canSeePhotos, { viewerId: hana.id, ownerId: ivan.id })).allowed, 10_000, 'Ivan out of sight');
    expect((await hana.api.post('/api/reports', { userId: ivan.id, reason: 'harassment', block: false })).body).toEqual({ success: true, blocked: false });
    expect((await hana.api.post('/api/blocks', { userId: ivan.id })).body).toEqual({ success: true });
    expect((await caseOf(ivan.id))?.reporterCount).toBe(1);
  });

  it('lets a member report the one who wrote to them and then blocked them, with those messages', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Cleo', 'Dax');
    const sent = await eventually(async () => {
      const res = await ben.api.post(`/api/matches/${matchId}/messages`, { id: randomUUID(), content: 'Tell me your hotel', messageType: 'text' });
      return res.status === 201 ? (res.body as MessageView) : null;
    }, 10_000, 'the conversation to open');
    expect((await ben.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
    expect((await ana.api.get('/api/matches')).body).toEqual([]);
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'harassment', messageIds: [sent.id] })).body).toEqual({ success: true, blocked: true });
    const opened = (await caseOf(ben.id))!;
    expect(opened.reports).toEqual([expect.objectContaining({ reason: 'harassment' })]);
    expect(opened.messages).toEqual([expect.objectContaining({ id: sent.id, fromReported: true, content: 'Tell me your hotel' })]);
  });

  it('keeps reports and moderation from members, and checks what a report says', async () => {
    const { ana, ben } = await matchedPair(base, 'Alma', 'Bo');
    const stranger = await member('Zed', 'male');
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'rude' })).body).toMatchObject({ statusCode: 400, message: SafetyMessages.reportReasonRequired });
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'other', details: 'x'.repeat(Limits.reportDetailsMaxChars + 1) })).body.message).toBe(SafetyMessages.reportDetailsTooLong);
    // 'other' says nothing of what happened: its details are required, blank ones too
    for (const details of [undefined, '', '   \n ', null, 42])
      expect({ details, body: (await ana.api.post('/api/reports', { userId: ben.id, reason: 'other', ...(details === undefined ? {} : { details }) })).body }).toEqual({
        details,
        body: expect.objectContaining({ statusCode: 400, message: SafetyMessages.reportDetailsRequired }),
      });
    // any other reason takes no details as before, blank or null ones too; details that are not text are refused plainly
    expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'harassment', details: 42, block: false })).body).toMatchObject({ statusCode: 400, message: Messages.invalidRequest });
    for (const details of [null, '  ']) expect((await ana.api.post('/api/reports', { userId: ben.id, reason: 'harassment', details, block: false })).status).toBe(201);
    expect((await ana.api.post('/api/reports', { userId: ana.id, reason: 'other', details: 'Odd' })).body.message).toBe(SafetyMessages.cannotReportSelf);
    expect((await ana.api.post('/api/reports', { userId: randomUUID(), reason: 'other', details: 'Odd' })).status).toBe(404);
    // someone the member cannot see (hidden from every deck, never matched or viewed) is not theirs to report
    expect((await stranger.api.request('PUT', '/api/users/me/settings', { privacy: { profileVisibility: 'hidden' } })).status).toBe(200);
    await eventually(async () => (await ana.api.post('/api/reports', { userId: stranger.id, reason: 'other', details: 'Odd', block: false })).status === 404, 10_000, 'hidden member');
    expect((await new ApiClient(base).post('/api/reports', { userId: ben.id, reason: 'other', details: 'Odd' })).status).toBe(401);

    await ana.api.post('/api/reports', { userId: ben.id, reason: 'other', details: 'Odd', block: false });
    const caseId = (await caseOf(ben.id))!.id;
    for (const m of [ana, ben]) {
      expect((await m.api.get('/api/admin/reports')).status).toBe(403);
      expect((await m.api.get('/api/admin/audit')).status).toBe(403);
      expect((await m.api.post(`/api/admin/reports/${caseId}/actions`, { action: 'dismiss' })).status).toBe(403);
    }
    expect((await new ApiClient(base).get('/api/admin/reports')).status).toBe(401);
    expect((await caseOf(ben.id))!.id).toBe(caseId);
  });

  it('writes verification decisions to the append-only audit log and deletes each decided document from storage', async () => {
    const { api: adminApi, id: adminId } = await admin();
    const documents: { userId: string; documentId: string; objectKey: string }[] = [];
    const members: Member[] = [];
    for (const name of ['Vera', 'Wade']) {
      const m = await member(name, 'female');
      members.push(m);
      const documentId = randomUUID();
      const objectKey = `documents/${m.id}/${documentId}.pdf`;
      await storage.put(objectKey, Buffer.from('%PDF-1.4 badge'), 'application/pdf');
      await rpc.send(Rpc.profiles.submitDocument, { userId: m.id, documentId, objectKey, fileName: 'badge.pdf', contentType: 'application/pdf' });
      documents.push({ userId: m.id, documentId, objectKey });
    }
    const [approved, rejected] = documents as [(typeof documents)[0], (typeof documents)[0]];
    const sockets = await Promise.all(members.map((m) => connect(base, m)));
    const told = sockets.map((s) => collect(s, SocketEvents.verificationReviewed));
    // opening a private document is an admin action of its own, taken from the product's own pages only
    const fromElsewhere = await adminApi.request('GET', `/api/admin/verifications/${approved.documentId}/document`, undefined, { 'sec-fetch-site': 'cross-site' });
    expect([fromElsewhere.status, fromElsewhere.body.code]).toEqual([403, 'bad_origin']);
    expect((await auditLog()).some((e) => e.action === 'verification.document-viewed' && e.subjectId === approved.documentId)).toBe(false);
    expect((await adminApi.request('GET', `/api/admin/verifications/${approved.documentId}/document`, undefined, { 'sec-fetch-site': 'same-origin' })).status).toBeLessThan(400);
    expect((await auditLog())[0]).toMatchObject({ action: 'verification.document-viewed', adminId, targetUserId: approved.userId, subjectId: approved.documentId });
    expect((await adminApi.post(`/api/admin/verifications/${approved.documentId}/approve`, { reason: 'Badge matches the profile' })).status).toBe(200);
    expect((await adminApi.post(`/api/admin/verifications/${rejected.documentId}/reject`, {})).status).toBe(200);
    // each is told live (the app fetches their verified state and standing again)
    await eventually(() => told.every((seen) => seen.length === 1), 10_000, 'verification_reviewed to each');
    for (const s of sockets) s.disconnect();

    for (const d of documents) await eventually(async () => (await storage.stat(d.objectKey)) === null, 10_000, 'the document deleted');
    // the decision and its date stay
    expect(await rpc.send(Rpc.profiles.verificationStatus, { userId: approved.userId })).toMatchObject({ status: 'approved' });
    expect(await rpc.send(Rpc.profiles.verificationStatus, { userId: rejected.userId })).toMatchObject({ status: 'rejected' });
    // and nothing else: the file's name, and the airline and position it was sent for, go with it; it can no longer be opened
    expect(
      await sql('profiles', 'SELECT status, file_name, airline, position, reviewed_at IS NOT NULL AS dated FROM profiles.verification_documents WHERE id = ANY($1::uuid[]) ORDER BY status', [documents.map((d) => d.documentId)]),
    ).toEqual(['approved', 'rejected'].map((status) => ({ status, file_name: null, airline: null, position: null, dated: true })));
    expect((await adminApi.get(`/api/admin/verifications/${approved.documentId}/document`)).status).toBe(404);

    const entries = await eventually(async () => {
      const log = await auditLog();
      const found = documents.map((d) => log.find((e) => e.subjectId === d.documentId && e.action !== 'verification.document-viewed'));
      return found.every(Boolean) ? (found as AuditEntryView[]) : undefined;
    }, 10_000, 'the audit entries');
    expect(entries[0]).toMatchObject({ action: 'verification.approved', adminId, adminEmail, targetUserId: approved.userId, reason: 'Badge matches the profile' });
    expect(entries[1]).toMatchObject({ action: 'verification.rejected', adminId, targetUserId: rejected.userId, reason: null });
    expect(Date.parse(entries[0]!.createdAt)).not.toBeNaN();

    // and so is rebuilding the deck model
    expect((await adminApi.post('/api/admin/discovery/rebuild')).status).toBe(200);
    expect((await auditLog())[0]).toMatchObject({ action: 'discovery.rebuilt', adminId, targetUserId: null, subjectId: null });

    // nothing can change or remove an entry
    await expect(sql('identity', `UPDATE identity.audit_log SET reason = 'edited' WHERE id = $1`, [entries[0]!.id])).rejects.toThrow(/append-only/);
    await expect(sql('identity', `DELETE FROM identity.audit_log WHERE id = $1`, [entries[0]!.id])).rejects.toThrow(/append-only/);
  });

  it("asks 'Are you sure?' before an abusive message over HTTP and the socket; three sent anyway in a day open a report", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Ada', 'Bill');
    const nudged = await send(ben, matchId, ABUSIVE);
    expect(nudged.status).toBe(409);
    expect(nudged.body).toMatchObject({ code: 'nudge', message: 'Are you sure?' });
    const socket = await connect(base, ben);
    sockets.push(socket);
    expect(await emitWithAck(socket, SocketEvents.message, { id: randomUUID(), matchId, content: 'Du bist ein Arschloch', messageType: 'text' })).toEqual({ error: 'Are you sure?', code: 'nudge', statusCode: 409 });
    expect((await ana.api.get(`/api/matches/${matchId}/messages`)).body).toEqual([]);
    expect((await send(ben, matchId, 'Have a nice flight')).status).toBe(201);

    // sent anyway: stored; the third within 24 hours opens a report with those messages
    const confirmed = (await send(ben, matchId, ABUSIVE, { confirmed: true })).body as MessageView;
    expect(confirmed.content).toBe(ABUSIVE);
    const viaSocket = await emitWithAck<{ message: MessageView }>(socket, SocketEvents.message, { id: randomUUID(), matchId, content: 'Eres una puta', messageType: 'text', confirmed: true });
    expect(viaSocket.message.content).toBe('Eres una puta');
    expect(await caseOf(ben.id)).toBeUndefined();
    const third = (await send(ben, matchId, 'Ferme ta gueule', { confirmed: true })).body as MessageView;
    const opened = await eventually(() => caseOf(ben.id), 10_000, 'the automatic report');
    expect(opened.reporterCount).toBe(0);
    expect(opened.reports).toEqual([expect.objectContaining({ reason: 'harassment', automatic: true })]);
    expect(opened.messages.map((m) => [m.id, m.fromReported])).toEqual([
      [confirmed.id, true],
      [viaSocket.message.id, true],
      [third.id, true],
    ]);
  });

  it("leaves no view of either in 'who viewed me' after an unmatch, as after a block: the one unmatched cannot tell the two apart", async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Ada', 'Bo');
    expect((await ana.api.post('/api/profile-views', { viewedUserId: ben.id })).status).toBe(200);
    expect((await ben.api.post('/api/profile-views', { viewedUserId: ana.id })).status).toBe(200);
    expect((await ben.api.get('/api/profile-views/count')).body).toEqual({ count: 1 });
    expect((await ana.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    for (const [who, other] of [[ben, ana], [ana, ben]] as const) {
      expect(((await who.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((v) => v.viewer.id)).not.toContain(other.id);
      expect((await who.api.get('/api/profile-views/count')).body).toEqual({ count: 0 });
    }
    // the second unmatch of the same match, or Bo's at the same moment, finds it ended
    expect((await ana.api.delete(`/api/matches/${matchId}`)).status).toBe(404);
    expect((await ben.api.delete(`/api/matches/${matchId}`)).status).toBe(404);
  });

  it('ends a match once when an unmatch meets a block of the pair: the unmatch that waited finds it ended, and one match.ended is written', async () => {
    const { ana, ben, matchId } = await matchedPair(base, 'Ida', 'Jo');
    // the interleaving made certain: Jo's block is held before its commit (the match deleted, the
    // pair's lock held); Ida's unmatch, sent meanwhile, found the match and waits for the lock
    const outbox = new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') });
    await outbox.connect();
    let blocking: Promise<{ status: number; body: unknown }> | undefined;
    let unmatching: Promise<{ status: number; body: unknown }> | undefined;
    try {
      await outbox.query('BEGIN');
      await outbox.query('LOCK TABLE discovery.outbox IN SHARE MODE');
      blocking = ben.api.post('/api/blocks', { userId: ana.id });
      await eventually(async () => (await waitingOnLock(gw, `application_name = 'aero-discovery' AND query ILIKE 'INSERT INTO %outbox%'`)) === 1, 10_000, 'the block held');
      unmatching = ana.api.delete(`/api/matches/${matchId}`);
      await eventually(async () => (await waitingOnLock(gw, `application_name = 'aero-discovery' AND query ILIKE '%pg_advisory_xact_lock%'`)) === 1, 10_000, 'the unmatch waiting');
    } finally {
      await outbox.query('COMMIT');
      await outbox.end();
    }
    expect((await blocking!).body).toMatchObject({ success: true });
    const unmatched = await unmatching!;
    expect(unmatched.status).toBe(404);
    expect(unmatched.body).toMatchObject({ message: Messages.matchNotFound });
    const ends = await gw.query<{ payload: { reason: string; endedBy: string } }>('discovery', `SELECT payload FROM discovery.outbox WHERE subject = $1 AND payload->>'matchId' = $2`, [Events.discovery.matchEnded, matchId]);
    expect(ends.map((e) => e.payload)).toEqual([expect.objectContaining({ reason: 'block', endedBy: ben.id })]);
  });

  it("keeps no view of the member blocked at the same moment: the blocked one never finds the blocker in 'who viewed me'", async () => {
    const [ana, ben] = [await member('Ada', 'female'), await member('Bo', 'male')];
    await inDeck(ana, ben);
    // the interleaving made certain: Ada's block is held before its commit (discovery's outbox waits
    // for the test), the pair's views already deleted; her view of Bo, opened at that moment, is
    // recorded meanwhile (or waits for the block, then sees it)
    const waiting = (where: string) => waitingOnLock(gw, where);
    const outbox = new pg.Client({ connectionString: gw.settings.databaseUrl('discovery') });
    await outbox.connect();
    let blocking: Promise<{ status: number; body: unknown }> | undefined;
    let viewing: Promise<{ status: number; body: unknown }> | undefined;
    try {
      await outbox.query('BEGIN');
      await outbox.query('LOCK TABLE discovery.outbox IN SHARE MODE');
      blocking = ana.api.post('/api/blocks', { userId: ben.id });
      await eventually(async () => (await waiting(`application_name = 'aero-discovery' AND query ILIKE 'INSERT INTO %outbox%'`)) === 1, 10_000, 'the block held');
      let viewed = false;
      viewing = ana.api.post('/api/profile-views', { viewedUserId: ben.id }).finally(() => (viewed = true));
      await eventually(async () => viewed || (await waiting(`application_name = 'aero-discovery' AND query ILIKE '%pg_advisory_xact_lock%'`)) === 1, 10_000, 'the view recorded or waiting');
    } finally {
      await outbox.query('COMMIT');
      await outbox.end();
    }
    expect((await blocking!).body).toEqual({ success: true });
    expect(((await ben.api.get('/api/profile-views')).body as { viewer: { id: string } }[]).map((v) => v.viewer.id)).not.toContain(ana.id);
    expect((await ben.api.get('/api/profile-views/count')).body).toEqual({ count: 0 });
    // the view waited for the block: answered as any view of someone she blocked
    expect((await viewing!).status).toBe(404);
  });
});
