import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { ErrorCodes, Messages, Rpc, SocketEvents } from '@aero/contracts';
import { ApiClient, eventually, latestMail, redisUrl, resetToken, testEmail, verificationCode } from '@aero/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { createMember, inDeck, matchedPair } from './support/members.js';
import { interceptRpc } from './support/rpc-calls.js';
import { connect } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The findings of the security review (issue 8), each as an attack over HTTP against the real
 * gateway, in both runtime modes where the rule touches a port (key-value, rate limits, jobs).
 */

const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function uploadPng(base: string, cookie: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  return fetch(`${base}/api/photos`, { method: 'POST', body: form, headers: { origin: base, cookie } });
}
let clients = 0;
/** a client at its own address (behind the trusted proxy), so tests do not share per-IP counts */
const client = (base: string) => new ApiClient(base, from(`10.77.${Math.floor(++clients / 250)}.${clients % 250}`));

async function signUp(base: string, email = testEmail(), password = 'secret-pass', api = client(base)) {
  expect((await api.post('/api/auth/signup', { email, password })).status).toBe(201);
  return { api, email, password };
}

async function verifiedUser(base: string, email = testEmail(), password = 'secret-pass') {
  const { api } = await signUp(base, email, password);
  const code = await verificationCode(base, email);
  const verified = await api.post('/api/auth/verify', { email, code });
  expect(verified.status).toBe(200);
  return { api, email, password, user: verified.body.user as { id: string; isAdmin: boolean } };
}

/** a connected socket of the session in `cookie`, and the 'Session ended' it is told with its close */
async function connectedSocket(base: string, cookie: string) {
  const socket = io(base, { path: '/ws', transports: ['websocket'], extraHeaders: { cookie, origin: base }, reconnection: false });
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
  const told = new Promise((resolve) => socket.once(SocketEvents.authError, resolve));
  const closed = new Promise((resolve) => socket.once('disconnect', resolve));
  const signedOut = async () => {
    const message = await told;
    await closed;
    return message;
  };
  return { socket, signedOut };
}

describe.each(GATEWAY_MODES)('security (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  const adminEmail = testEmail('admin');

  beforeAll(async () => {
    // a trusted proxy in front (the test client itself), so each test can speak from its own client IPs
    gw = await startTestGateway(mode, {
      ADMIN_EMAILS: adminEmail,
      TRUST_PROXY: '127.0.0.1,::1',
      RATE_LIMIT_PER_ACCOUNT: '6',
      RATE_LIMIT_PER_IP: '25',
      RATE_LIMIT_FAILURES_PER_IP: '5',
      RATE_LIMIT_UPLOADS: '3',
    });
  });
  afterAll(() => gw?.close());

  describe('email verification never signs in without the right code', () => {
    it('answers a verified account exactly like a wrong code, and sets no session', async () => {
      const { email } = await verifiedUser(gw.base);
      const attacker = new ApiClient(gw.base);
      const res = await attacker.request('POST', '/api/auth/verify', { email, code: '000000' }, from('198.51.100.10'));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: Messages.invalidCode, code: 'invalid_code' });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await attacker.get('/api/users/me')).status).toBe(404);
    });

    it('does not hand out an admin session either', async () => {
      const { email, user } = await verifiedUser(gw.base, adminEmail);
      expect(user.isAdmin).toBe(true);
      const attacker = new ApiClient(gw.base);
      const res = await attacker.request('POST', '/api/auth/verify', { email, code: '123456' }, from('198.51.100.11'));
      expect(res.status).toBe(400);
      expect(attacker.cookie).toBe('');
      expect((await attacker.get('/api/admin/verifications')).status).toBe(401);
    });

    it('counts those attempts: a guessing run against a verified account from one address stops with 429', async () => {
      const { email } = await verifiedUser(gw.base);
      const attacker = new ApiClient(gw.base);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await attacker.request('POST', '/api/auth/verify', { email, code: String(100000 + i) }, from('198.51.100.12'))).status);
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });
  });

  describe('rate limits per account and per client IP together', () => {
    it('stops one account attacked from many addresses', async () => {
      const { email } = await verifiedUser(gw.base);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password: `wrong-${i}` }, from(`203.0.113.${i + 1}`))).status);
      }
      expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(6)).toEqual([429, 429]);
      const limited = await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password: 'secret-pass' }, from('203.0.113.99'));
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(Messages.rateLimited);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('does not lock the member out of a device they signed in from before (device cookie); a stranger, a forged or another account’s cookie is not that device', async () => {
      const { email, password } = await verifiedUser(gw.base);
      const phoneIp = from('198.51.100.60');
      const signIn = (body: object, cookie?: string, ip = phoneIp) => new ApiClient(gw.base).request('POST', '/api/auth/login', body, { ...ip, ...(cookie ? { cookie } : {}) });
      const deviceOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('aero_device='))?.split(';')[0];
      const first = await signIn({ email, password });
      expect(first.status).toBe(200);
      const device = deviceOf(first)!;
      expect(first.headers.getSetCookie().find((c) => c.startsWith('aero_device='))).toMatch(/HttpOnly/i);
      expect(first.headers.getSetCookie().find((c) => c.startsWith('aero_device='))).toMatch(/SameSite=Strict/i);
      // someone spends the rest of the account's budget (6) with wrong passwords from many addresses
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await signIn({ email, password: `wrong-${i}` }, undefined, from(`198.51.100.${70 + i}`))).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await signIn({ email, password })).status).toBe(429);
      // the member's phone still signs in (on its own budget), and keeps its device id
      const again = await signIn({ email, password }, device);
      expect(again.status).toBe(200);
      const idOf = (cookie: string | undefined) => cookie?.slice('aero_device='.length).split('.')[0];
      expect(idOf(deviceOf(again))).toBe(idOf(device));
      // a cookie with another signature, or one for another account, is no device of this account
      const [id, accountId, issuedAt] = device.slice('aero_device='.length).split('.');
      expect((await signIn({ email, password }, `aero_device=${id}.${accountId}.${issuedAt}.${'A'.repeat(43)}`)).status).toBe(429);
      const other = await verifiedUser(gw.base);
      const othersDevice = deviceOf(await signIn({ email: other.email, password: other.password }))!;
      expect((await signIn({ email, password }, othersDevice)).status).toBe(429);
      // the device has a budget of its own (6, one used above): wrong passwords from it stop it too
      const fromDevice: number[] = [];
      for (let i = 0; i < 6; i++) fromDevice.push((await signIn({ email, password: `typo-${i}` }, device, from(`198.51.100.${80 + i}`))).status);
      expect(fromDevice).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it.each(['change-password', 'logout-others', 'reset-password'] as const)(
      "ends the trust of the account's device cookies issued before a %s (the browser that changed the password or signed the others out stays a device)",
      async (revocation) => {
        const { api, email, password } = await verifiedUser(gw.base);
        const deviceOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('aero_device='))?.split(';')[0];
        /** a sign-in from an address of its own, with the browser's device cookie if it has one */
        const signIn = (pass: string, device?: string) => client(gw.base).request('POST', '/api/auth/login', { email, password: pass }, device ? { cookie: device } : {});
        // the member's browser signs in; so did an ex-partner's once, with the password of then
        const signedIn = await api.post('/api/auth/login', { email, password });
        expect(signedIn.status).toBe(200);
        const mine = deviceOf(signedIn)!;
        const theirs = deviceOf(await signIn(password))!;
        expect(mine).toBeDefined();
        expect(theirs).toBeDefined();

        let newPassword = password;
        let own: string | undefined = mine;
        const asMine = { cookie: `${api.cookie}; ${mine}` };
        if (revocation === 'change-password') {
          newPassword = 'a-new-secret';
          const changed = await api.request('POST', '/api/auth/change-password', { currentPassword: password, newPassword }, asMine);
          expect(changed.status).toBe(200);
          // the browser takes the cookie the answer gives it (the member's own device, issued again)
          own = deviceOf(changed) ?? mine;
        } else if (revocation === 'logout-others') {
          const others = await api.request('POST', '/api/auth/logout-others', undefined, asMine);
          expect(others.status).toBe(200);
          own = deviceOf(others) ?? mine;
        } else {
          expect((await client(gw.base).post('/api/auth/forgot-password', { email })).status).toBe(200);
          const { token } = await resetToken(gw.base, email);
          newPassword = 'brand-new-pass';
          expect((await client(gw.base).post('/api/auth/reset-password', { token, password: newPassword })).status).toBe(200);
        }

        // wrong passwords from many addresses use up the account's budget
        const statuses: number[] = [];
        for (let i = 0; i < 10 && statuses.at(-1) !== 429; i++) statuses.push((await signIn(`wrong-${i}`)).status);
        expect(statuses.at(-1)).toBe(429);
        // the ex-partner's old cookie (and the member's own one of before the revocation) counts on the account's budget again
        expect((await signIn(`guess`, theirs)).status).toBe(429);
        expect((await signIn(newPassword, mine)).status).toBe(429);
        if (revocation === 'reset-password') return;
        // the browser that changed the password or signed the others out is still a device of the member's
        expect(own).not.toBe(mine);
        const again = await signIn(newPassword, own);
        expect(again.status).toBe(200);
        expect(deviceOf(again)?.split('.')[0]).toBe(mine.split('.')[0]);
      },
    );

    it("does not let one address use up someone else's account with requests its own limits refuse", async () => {
      const { email, password } = await verifiedUser(gw.base);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password: `wrong-${i}` }, from('192.0.2.200'))).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      // 5 of the account's 6 were used; the member still signs in from home
      expect((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password }, from('192.0.2.201'))).status).toBe(200);
    });

    it('stops a password spray over many accounts from one address, but not other addresses', async () => {
      const victims = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => verifiedUser(gw.base)));
      const statuses: number[] = [];
      for (const victim of victims) statuses.push((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email: victim.email, password: 'Winter2026!' }, from('192.0.2.50'))).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // even the right password from that address waits now; the member signs in from elsewhere
      const { email, password } = victims[0];
      expect((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password }, from('192.0.2.50'))).status).toBe(429);
      expect((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password }, from('192.0.2.51'))).status).toBe(200);
    });

    it('counts an IPv6 client by its /64, whose addresses it picks freely, and an IPv4-mapped address as the IPv4 one', async () => {
      const login = (ip: string) => new ApiClient(gw.base).request('POST', '/api/auth/login', { email: testEmail('spray'), password: 'Winter2026!' }, from(ip));
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) statuses.push((await login(`2001:db8:77:1:${i}::${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // the next /64 is someone else
      expect((await login('2001:db8:77:2::1')).status).toBe(401);

      const mapped: number[] = [];
      for (let i = 0; i < 3; i++) mapped.push((await login('192.0.2.60')).status, (await login('::ffff:192.0.2.60')).status);
      expect(mapped).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it("counts an IPv6 site's failures over all its /64s too, at four times one client's limit", async () => {
      const login = (ip: string) => new ApiClient(gw.base).request('POST', '/api/auth/login', { email: testEmail('site'), password: 'Winter2026!' }, from(ip));
      const statuses: number[] = [];
      // one failure from each of 21 /64s of one /48 (the limit of one client is 5)
      for (let i = 1; i <= 21; i++) statuses.push((await login(`2001:db8:48:${i.toString(16)}::1`)).status);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      // the next /48 is someone else
      expect((await login('2001:db8:49:1::1')).status).toBe(401);
    });

    it('counts the failures of attempts sent at once: no more of them are tried than one address may fail', async () => {
      const burst = from('192.0.2.140');
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => new ApiClient(gw.base).request('POST', '/api/auth/login', { email: testEmail(`spray${i}`), password: 'Winter2026!' }, burst)),
      );
      const statuses = attempts.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      // what did not fail gives back what it held: four members sign in at once from another address, which may still fail five times
      const hotel = from('192.0.2.141');
      const members = await Promise.all([0, 1, 2, 3].map(() => verifiedUser(gw.base)));
      const signedIn = await Promise.all(members.map(({ email, password }) => new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password }, hotel)));
      expect(signedIn.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const typos: number[] = [];
      for (let i = 0; i < 6; i++) typos.push((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email: testEmail(`typo${i}`), password: 'Winter2026!' }, hotel)).status);
      expect(typos).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('lets a crew hotel sign many members up and in from one address (failures are what count)', async () => {
      const hotel = from('192.0.2.77');
      for (let i = 0; i < 12; i++) {
        const { api, email, password } = await signUp(gw.base, testEmail('crew'), 'secret-pass', new ApiClient(gw.base, hotel));
        const code = await verificationCode(gw.base, email);
        expect((await api.request('POST', '/api/auth/verify', { email, code }, hotel)).status).toBe(200);
        expect((await new ApiClient(gw.base).request('POST', '/api/auth/login', { email, password }, hotel)).status).toBe(200);
      }
    });

    it('caps all requests of one step from one address, successful ones included', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 27; i++) statuses.push((await new ApiClient(gw.base).request('POST', '/api/auth/forgot-password', { email: testEmail('many') }, from('192.0.2.99'))).status);
      expect(statuses.slice(0, 25).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(25)).toEqual([429, 429]);
    });

    it('limits reset-password: unknown tokens count as failures of the address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await new ApiClient(gw.base).request('POST', '/api/auth/reset-password', { token: `guess-${i}`, password: 'brand-new-pass' }, from('192.0.2.120'))).status);
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });

    it('limits uploads per member', async () => {
      const { api } = await verifiedUser(gw.base);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await uploadPng(gw.base, api.cookie)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  });

  describe('web push endpoints', () => {
    it("saves only a browser push service's address as a member's push endpoint: the server would call any other, inside our network too", async () => {
      const { api } = await verifiedUser(gw.base);
      const keys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
      const save = (endpoint: string) => api.post('/api/push/subscriptions', { endpoint, keys, expirationTime: null });
      for (const endpoint of ['http://127.0.0.1:6379/push/x', 'https://10.0.0.5/push', 'https://push.example.com/x', 'http://fcm.googleapis.com/fcm/send/x']) {
        expect([endpoint, (await save(endpoint)).status]).toEqual([endpoint, 400]);
      }
      expect((await save('https://fcm.googleapis.com/fcm/send/abc:def')).status).toBe(201);
    });
  });

  describe('sessions', () => {
    it('changes the password with the current one only, ending every other session', async () => {
      const { api, email, password } = await verifiedUser(gw.base);
      const laptop = client(gw.base);
      expect((await laptop.post('/api/auth/login', { email, password })).status).toBe(200);
      const wrong = await api.post('/api/auth/change-password', { currentPassword: 'not-mine', newPassword: 'a-new-secret' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(Messages.currentPasswordWrong);
      expect((await api.post('/api/auth/change-password', { currentPassword: password, newPassword: 'short' })).body.message).toBe(Messages.passwordMin8);
      expect((await laptop.get('/api/users/me')).status).toBe(200);
      expect((await api.post('/api/auth/change-password', { currentPassword: password, newPassword: 'a-new-secret' })).status).toBe(200);
      expect((await api.get('/api/users/me')).status).toBe(200);
      expect((await laptop.get('/api/users/me')).status).toBe(404);
      expect((await client(gw.base).post('/api/auth/login', { email, password })).status).toBe(401);
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'a-new-secret' })).status).toBe(200);
      expect((await client(gw.base).post('/api/auth/change-password', { currentPassword: password, newPassword: 'whatever-else' })).status).toBe(401);
    });

    it('refuses a reset link asked for before the password was changed', async () => {
      const { api, email, password } = await verifiedUser(gw.base);
      expect((await client(gw.base).post('/api/auth/forgot-password', { email })).status).toBe(200);
      const { token } = await resetToken(gw.base, email);
      expect((await api.post('/api/auth/change-password', { currentPassword: password, newPassword: 'a-new-secret' })).status).toBe(200);
      const reset = await client(gw.base).post('/api/auth/reset-password', { token, password: 'attackers-pass' });
      expect(reset.status).toBe(400);
      expect(reset.body.message).toBe(Messages.resetLinkInvalid);
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'a-new-secret' })).status).toBe(200);
    });

    it('gives no session to a sign-in whose password was checked before every session of the account was ended', async () => {
      const { api, email, password } = await verifiedUser(gw.base);
      // the old password is checked, then the sign-in waits (as argon2 makes it wait) while the password changes
      let checked!: () => void;
      let release!: () => void;
      const passwordChecked = new Promise<void>((resolve) => (checked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const login = interceptRpc(gw, async (subject, data, send) => {
        const reply = await send(subject, data);
        if (subject === Rpc.identity.login) {
          checked();
          await released;
        }
        return reply;
      });
      try {
        const other = client(gw.base);
        const signingIn = other.post('/api/auth/login', { email, password });
        await passwordChecked;
        expect((await api.post('/api/auth/change-password', { currentPassword: password, newPassword: 'a-new-secret' })).status).toBe(200);
        release();
        const late = await signingIn;
        expect(late.status).toBe(401);
        expect(late.body.message).toBe(Messages.invalidCredentials);
        expect((await other.get('/api/users/me')).status).toBe(404);
      } finally {
        login.restore();
      }
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'a-new-secret' })).status).toBe(200);
      expect((await api.get('/api/users/me')).status).toBe(200);
    });

    /**
     * Runs `during` while the account's row is locked as a reset holds it (the test's own transaction,
     * which then writes `passwordHash` and commits, as a reset landing at that moment does) and the
     * call `started` has reached the lock: it read the old password and checked it before.
     */
    async function resetWhile(accountId: string, passwordHash: string, started: () => Promise<{ status: number; body: Record<string, unknown> }>) {
      const reset = new pg.Client({ connectionString: gw.settings.databaseUrl('identity') });
      await reset.connect();
      try {
        await reset.query('BEGIN');
        await reset.query('SELECT 1 FROM identity.accounts WHERE id = $1 FOR UPDATE', [accountId]);
        let answered = false;
        const call = started().finally(() => (answered = true));
        const waiting = async () => ((await reset.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]`)).rows[0].n as number) > 0;
        await eventually(async () => answered || (await waiting()), 15_000, 'the call to wait for the reset');
        await reset.query('UPDATE identity.accounts SET password_hash = $2 WHERE id = $1', [accountId, passwordHash]);
        await reset.query('COMMIT');
        return await call;
      } finally {
        await reset.end();
      }
    }
    /** the stored hash of `password` (an account of its own made with it) */
    const hashOf = async (password: string) => {
      const { user } = await verifiedUser(gw.base, testEmail('hash'), password);
      return (await gw.query<{ password_hash: string }>('identity', 'SELECT password_hash FROM identity.accounts WHERE id = $1', [user.id]))[0]!.password_hash;
    };

    it('a password change checked against the password a reset replaced meanwhile changes nothing: the reset wins', async () => {
      const { api, email, password, user } = await verifiedUser(gw.base);
      const resetHash = await hashOf('the-owners-new-pass');
      // someone who knows the old password (and still has a session) changes it as the owner resets it
      const changed = await resetWhile(user.id, resetHash, () => api.post('/api/auth/change-password', { currentPassword: password, newPassword: 'the-intruders-pass' }));
      expect([changed.status, changed.body.message]).toEqual([400, Messages.currentPasswordWrong]);
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'the-intruders-pass' })).status).toBe(401);
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'the-owners-new-pass' })).status).toBe(200);
    });

    it('deleting an account by the password a reset replaced meanwhile deletes nothing', async () => {
      const { email, password, user } = await verifiedUser(gw.base);
      const resetHash = await hashOf('the-owners-new-pass');
      const deleted = await resetWhile(user.id, resetHash, () => client(gw.base).post('/api/auth/delete-account', { email, password }));
      expect([deleted.status, deleted.body.message]).toEqual([401, Messages.invalidCredentials]);
      expect(await gw.query('identity', 'SELECT 1 FROM identity.accounts WHERE id = $1', [user.id])).toHaveLength(1);
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'the-owners-new-pass' })).status).toBe(200);
    });

    it('a session a reset ended while it changed the password ends no session of the owner and gets no device cookie', async () => {
      const { api, email, password } = await verifiedUser(gw.base);
      const owner = client(gw.base);
      // the change is done; before the gateway keeps the changing browser, the owner resets and signs in again
      const rpc = interceptRpc(gw, async (subject, data, send) => {
        const reply = await send(subject, data);
        if (subject === Rpc.identity.changePassword) {
          expect((await client(gw.base).post('/api/auth/forgot-password', { email })).status).toBe(200);
          const { token } = await resetToken(gw.base, email);
          expect((await client(gw.base).post('/api/auth/reset-password', { token, password: 'the-owners-new-pass' })).status).toBe(200);
          expect((await owner.post('/api/auth/login', { email, password: 'the-owners-new-pass' })).status).toBe(200);
        }
        return reply;
      });
      let changed;
      try {
        changed = await api.post('/api/auth/change-password', { currentPassword: password, newPassword: 'the-intruders-pass' });
      } finally {
        rpc.restore();
      }
      expect(changed.status).toBe(401);
      expect(changed.headers.getSetCookie().filter((c) => c.startsWith('aero_device='))).toEqual([]);
      expect((await api.get('/api/users/me')).status).toBe(404);
      expect((await owner.get('/api/users/me')).status).toBe(200);
      expect((await client(gw.base).post('/api/auth/login', { email, password: 'the-owners-new-pass' })).status).toBe(200);
    });

    it('signs out of all other devices, keeping this one', async () => {
      const { api, email, password } = await verifiedUser(gw.base);
      const phone = client(gw.base);
      await phone.post('/api/auth/login', { email, password });
      expect((await api.post('/api/auth/logout-others')).status).toBe(200);
      expect((await api.get('/api/users/me')).status).toBe(200);
      expect((await phone.get('/api/users/me')).status).toBe(404);
    });
  });

  describe('socket handshakes', () => {
    /** how the gateway takes a handshake: refused, connected but told it is signed out, or signed in (a call answered) */
    const handshake = (cookie: string, origin = gw.base) => {
      const socket = io(gw.base, { path: '/ws', transports: ['websocket'], extraHeaders: { cookie, origin }, reconnection: false });
      return new Promise<'refused' | 'signed out' | 'signed in'>((resolve) => {
        socket.once('connect_error', () => resolve('refused'));
        socket.once(SocketEvents.authError, () => resolve('signed out'));
        socket.once('connect', () => {
          socket
            .timeout(10_000)
            .emitWithAck(SocketEvents.message, { id: randomUUID(), matchId: randomUUID(), content: 'hi', messageType: 'text' })
            .then(() => resolve('signed in'), () => undefined);
        });
      }).finally(() => socket.close());
    };

    it('takes a malformed cookie as no session, and the gateway stays up', async () => {
      const { api } = await verifiedUser(gw.base);
      expect(await handshake('aero_sid=%')).toBe('signed out');
      expect(await handshake('aero_sid=%E0%A4%A')).toBe('signed out');
      expect(await handshake(`theme=%; ${api.cookie}`)).toBe('signed in');
      expect(await handshake(api.cookie, 'https://evil.example')).toBe('refused');
      expect((await fetch(`${gw.base}/api/health`)).status).toBe(200);
      expect(await handshake(api.cookie)).toBe('signed in');
    });
  });

  describe('same-origin rule on every state-changing request', () => {
    it.each(['/%61pi/users/me', '/api/users/%6de', '/%61%70%69/users/me'])('refuses %s from a foreign origin as text/plain', async (path) => {
      const { api } = await verifiedUser(gw.base);
      const res = await fetch(`${gw.base}${path}`, {
        method: 'PATCH',
        headers: { origin: 'https://evil.example', cookie: api.cookie, 'content-type': 'text/plain' },
        body: JSON.stringify({ userType: 'general' }),
      });
      expect(res.status).toBe(403);
      expect((await api.get('/api/users/me')).body.userType).toBeNull();
    });

    it('refuses a state change without an Origin, or outside /api', async () => {
      const { api } = await verifiedUser(gw.base);
      expect((await fetch(`${gw.base}/api/users/me`, { method: 'PATCH', headers: { cookie: api.cookie, 'content-type': 'application/json' }, body: '{"userType":"general"}' })).status).toBe(403);
      expect((await fetch(`${gw.base}/dev/mailbox/messages`, { method: 'DELETE', headers: { origin: 'https://evil.example' } })).status).toBe(403);
    });
  });

  describe('uploads and input ranges', () => {
    it('refuses out-of-range coordinates', async () => {
      const { api } = await verifiedUser(gw.base);
      const { photos } = (await (await uploadPng(gw.base, api.cookie)).json()) as { photos: string[] };
      const profile = { firstName: 'Ana', age: 30, bio: 'Cabin crew', location: 'Dallas, Texas', gender: 'female', interestedIn: 'man', userType: 'general', photos };
      const res = await api.post('/api/users', { ...profile, latitude: '91.5', longitude: '10' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Invalid latitude');
      expect(JSON.stringify((await api.post('/api/users', { ...profile, latitude: '10', longitude: '-181' })).body)).toContain('Invalid longitude');
    });
  });
});

describe('member rate limits on blocks and subscriptions', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node', { DEMO_SEED: 'false', RATE_LIMIT_SWIPES: '2', RATE_LIMIT_SAFETY_CALLS: '3', RATE_LIMIT_SUBSCRIPTION_CALLS: '2', RATE_LIMIT_DECKS: '3' })));
  afterAll(() => gw?.close());

  const limited = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ message: Messages.rateLimited, code: 'rate_limited' });
  };

  it('counts deck reads per member (RATE_LIMIT_DECKS), both routes together: a script cannot ask for decks without end', async () => {
    const [ana, ben] = [await createMember(gw.base, 'Ana', 'female'), await createMember(gw.base, 'Ben', 'male')];
    expect((await ana.api.get('/api/discovery')).status).toBe(200);
    expect((await ana.api.get('/api/discovery/filtered?minAge=18')).status).toBe(200);
    expect((await ana.api.get('/api/discovery')).status).toBe(200);
    limited(await ana.api.get('/api/discovery'));
    limited(await ana.api.get('/api/discovery/filtered?minAge=18'));
    // another member's budget is their own
    expect((await ben.api.get('/api/discovery')).status).toBe(200);
  });

  it('counts blocks, unblocks and reports on a budget of their own (RATE_LIMIT_SAFETY_CALLS): a member who used up the swipe budget can still block', async () => {
    const [ana, ben, cleo] = [await createMember(gw.base, 'Ana', 'female'), await createMember(gw.base, 'Ben', 'male'), await createMember(gw.base, 'Cleo', 'male')];
    await inDeck(ana, ben);
    await inDeck(ana, cleo);
    await inDeck(ben, ana);
    // Ana's swipes are used up
    expect((await ana.api.post('/api/pass', { toUserId: cleo.id })).status).toBe(200);
    expect((await ana.api.post('/api/undo-swipe')).status).toBe(200);
    limited(await ana.api.post('/api/pass', { toUserId: cleo.id }));
    // blocking and reporting still work, on their own budget
    expect((await ana.api.post('/api/blocks', { userId: ben.id })).status).toBe(200);
    expect((await ana.api.delete(`/api/blocks/${ben.id}`)).status).toBe(200);
    expect((await ana.api.post('/api/reports', { userId: cleo.id, reason: 'spam_scam', block: false })).status).toBe(201);
    limited(await ana.api.post('/api/blocks', { userId: ben.id }));
    limited(await ana.api.post('/api/reports', { userId: ben.id, reason: 'spam_scam' }));
    // Ben's budget is his own
    expect((await ben.api.post('/api/blocks', { userId: ana.id })).status).toBe(200);
  });

  it('limits subscription set-ups per member (RATE_LIMIT_SUBSCRIPTION_CALLS)', async () => {
    const cleo = await createMember(gw.base, 'Cleo', 'female');
    for (let i = 0; i < 2; i++) expect((await cleo.api.post('/api/get-or-create-subscription')).status).toBe(200);
    limited(await cleo.api.post('/api/get-or-create-subscription'));
    limited(await cleo.api.post('/api/subscription/cancel'));
    limited(await cleo.api.post('/api/subscription/resume'));
  });
});

describe('control characters and invisible names', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node', { DEMO_SEED: 'false' })));
  afterAll(() => gw?.close());

  const refused = (res: { status: number; body: { message?: string } }, message: string = Messages.textInvalidCharacters) => expect([res.status, res.body.message]).toEqual([400, message]);

  it('answers 400, never 500, to a NUL or another control character in a profile, a message (HTTP and socket) and a report', async () => {
    const { ana, ben, matchId } = await matchedPair(gw.base, 'Nula', 'Ned');
    refused(await ana.api.patch(`/api/users/${ana.id}`, { bio: 'a\u0000b' }));
    refused(await ana.api.patch(`/api/users/${ana.id}`, { firstName: '\u0000x' }));
    refused(await ana.api.patch(`/api/users/${ana.id}`, { location: 'Dallas\u001b[2J' }));
    expect((await ana.api.patch(`/api/users/${ana.id}`, { bio: 'Two lines\n\tof bio' })).status).toBe(200);

    refused(await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'hi\u0000there', messageType: 'text' }));
    const socket = await connect(gw.base, ana);
    try {
      expect(await socket.timeout(10_000).emitWithAck(SocketEvents.message, { id: randomUUID(), matchId, content: 'hi\u0000there', messageType: 'text' })).toEqual({ error: Messages.textInvalidCharacters });
      // a payload nested thousands deep is refused before it is read (it overflowed class-transformer's stack)
      let deep: unknown = 'x';
      for (let i = 0; i < 3000; i++) deep = [deep];
      expect(await socket.timeout(10_000).emitWithAck(SocketEvents.message, { id: randomUUID(), matchId, content: deep, messageType: 'text' })).toEqual({ error: 'Invalid request' });
    } finally {
      socket.disconnect();
    }
    expect((await ana.api.post(`/api/matches/${matchId}/messages`, { content: 'hi\nthere', messageType: 'text' })).status).toBe(201);

    refused(await ben.api.post('/api/reports', { userId: ana.id, reason: 'spam_scam', details: 'spam\u0000', block: false }));
    refused(await ben.api.post('/api/users/filter-preferences', { airlines: ['Delta\u0000'] }));
  });

  it('refuses a first name without a letter that shows, or with bidi controls', async () => {
    const eve = await createMember(gw.base, 'Eve', 'female');
    refused(await eve.api.patch(`/api/users/${eve.id}`, { firstName: '\u200b' }), Messages.firstNameRequired);
    refused(await eve.api.patch(`/api/users/${eve.id}`, { firstName: '\u3164' }), Messages.firstNameRequired);
    refused(await eve.api.patch(`/api/users/${eve.id}`, { firstName: '\u202eAdmin' }));
    expect((await eve.api.get('/api/users/me')).body.firstName).toBe('Eve');
    expect((await eve.api.patch(`/api/users/${eve.id}`, { firstName: 'Zoë' })).status).toBe(200);
  });
});

describe('security (single-node only)', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node', { TRUST_PROXY: '127.0.0.1,::1' })));
  afterAll(() => gw?.close());

  it('serves the dev mailbox to loopback clients only', async () => {
    expect((await fetch(`${gw.base}/dev/mailbox/messages`)).status).toBe(200);
    for (const ip of ['203.0.113.7', '10.0.0.8', '::ffff:198.51.100.1']) {
      expect((await fetch(`${gw.base}/dev/mailbox/messages`, { headers: from(ip) })).status).toBe(404);
      expect((await fetch(`${gw.base}/dev/mailbox`, { headers: from(ip) })).status).toBe(404);
    }
  });

  it('sends security headers with every response: the app\'s with its documents and files, the REST set with API answers', async () => {
    // '/%61pi/health' is routed as /api/health: the same headers
    for (const path of ['/api/health', '/api/nothing', '/api/discovery', '/%61pi/health']) {
      const res = await fetch(`${gw.base}${path}`);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    for (const path of ['/', '/auth', '/api/docs']) {
      const res = await fetch(`${gw.base}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('stripe');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it("sends the security headers with the framework's own refusals too: a URL the router cannot decode, a body it refuses, a request it cannot parse", async () => {
    const apiHeaders = (headers: Record<string, string | undefined>) => {
      expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    };
    const documentHeaders = (headers: Record<string, string | undefined>) => {
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    };
    const headersOf = (res: Response) => Object.fromEntries(res.headers.entries());
    /** the status and headers of a response to `request`, written as is on a connection of its own */
    const raw = (request: string) =>
      new Promise<{ status: number; headers: Record<string, string> }>((resolve, reject) => {
        const url = new URL(gw.base);
        let text = '';
        const socket = net.connect(Number(url.port), url.hostname, () => socket.end(request));
        socket.on('data', (chunk) => (text += chunk.toString('latin1'))).on('error', reject);
        socket.on('close', () => {
          const [head = ''] = text.split('\r\n\r\n', 1);
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
          resolve({ status: Number(statusLine.split(' ')[1]), headers });
        });
      });

    for (const path of ['/api/matches/%ff/messages', '/api/users/%E0%A4%A']) {
      const res = await fetch(`${gw.base}${path}`);
      expect(res.status).toBe(400);
      apiHeaders(headersOf(res));
    }
    const page = await fetch(`${gw.base}/%ff`);
    expect(page.status).toBe(400);
    documentHeaders(headersOf(page));
    const json = { origin: gw.base, 'content-type': 'application/json' };
    const badJson = await fetch(`${gw.base}/api/auth/login`, { method: 'POST', headers: json, body: '{"email":' });
    expect(badJson.status).toBe(400);
    apiHeaders(headersOf(badJson));
    const tooLarge = await raw(`POST /api/auth/login HTTP/1.1\r\nHost: ${new URL(gw.base).host}\r\nOrigin: ${gw.base}\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{}`);
    expect(tooLarge.status).toBe(413);
    apiHeaders(tooLarge.headers);
    // refused by the HTTP parser before any route or hook: a header line without a colon
    const unparsable = await raw(`GET /api/health HTTP/1.1\r\nHost: ${new URL(gw.base).host}\r\nno colon here\r\n\r\n`);
    expect(unparsable.status).toBe(400);
    apiHeaders(unparsable.headers);
  });

  it('refuses a photo above the pixel limit with a clear message', async () => {
    const { api } = await verifiedUser(gw.base);
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(huge)], { type: 'image/png' }), 'huge.png');
    const res = await fetch(`${gw.base}/api/photos`, { method: 'POST', body: form, headers: { origin: gw.base, cookie: api.cookie } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(Messages.imageTooManyPixels('huge.png'));
  });

  it("answers a malformed URL with the app's own 400, naming neither the framework nor the path", async () => {
    for (const path of ['/api/matches/%ff/messages', '/api/users/%E0%A4%A']) {
      const res = await fetch(`${gw.base}${path}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ statusCode: 400, code: ErrorCodes.badRequest, message: Messages.invalidRequest });
    }
  });

  it('ignores X-Forwarded-For from an untrusted client (no proxy configured)', async () => {
    const direct = await startTestGateway('single-node', { RATE_LIMIT_FAILURES_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await new ApiClient(direct.base).request('POST', '/api/auth/login', { email: testEmail(), password: 'nope-nope' }, from(`198.51.100.${i + 1}`))).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // the dev mailbox refuses a forwarded request outright: with no proxy named, a reverse proxy on
      // this machine would make every client look like a loopback one
      expect((await fetch(`${direct.base}/dev/mailbox/messages`)).status).toBe(200);
      for (const headers of [from('203.0.113.7'), { forwarded: 'for=203.0.113.7' }, { 'x-real-ip': '203.0.113.7' }] as Record<string, string>[]) {
        expect((await fetch(`${direct.base}/dev/mailbox/messages`, { headers })).status).toBe(404);
      }
      // and one whose Host is not this machine (a DNS rebinding page in the developer's browser)
      const withHost = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(`${direct.base}/dev/mailbox/messages`);
          http.get({ hostname: url.hostname, port: url.port, path: url.pathname, headers: { host } }, (res) => resolve(res.resume().statusCode!)).on('error', reject);
        });
      expect(await withHost('rebind.evil.example')).toBe(404);
      expect(await withHost(`localhost:${new URL(direct.base).port}`)).toBe(200);
    } finally {
      await direct.close();
    }
  });

  it('ends an idle session, and any session at its maximum age', async () => {
    const short = await startTestGateway('single-node', { SESSION_IDLE_SECONDS: '2', SESSION_MAX_AGE_SECONDS: '5' });
    try {
      const idle = await verifiedUser(short.base);
      // a socket that only listens does not keep its session alive, and is signed out when it ends
      const idleSocket = await connectedSocket(short.base, idle.api.cookie);
      const busy = new ApiClient(short.base);
      expect((await busy.post('/api/auth/login', { email: idle.email, password: idle.password })).status).toBe(200);
      // the busy session is used every second: the idle timer slides, the idle one dies
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        expect((await busy.get('/api/users/me')).status).toBe(200);
      }
      expect((await idle.api.get('/api/users/me')).status).toBe(404);
      expect(await idleSocket.signedOut()).toEqual({ message: 'Session ended' });
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        await busy.get('/api/users/me');
      }
      expect((await busy.get('/api/users/me')).status).toBe(404);
    } finally {
      await short.close();
    }
  }, 20_000);

  it("signs a socket out on its first call after its session's end, before the gateway's next look at its sockets", async () => {
    // a long idle limit: the gateway looks at its sockets' sessions once a minute only
    const short = await startTestGateway('single-node', { SESSION_IDLE_SECONDS: '3600', SESSION_MAX_AGE_SECONDS: '5' });
    try {
      const member = await verifiedUser(short.base);
      const { socket, signedOut } = await connectedSocket(short.base, member.api.cookie);
      // a call answered while the session lives, then silence past its maximum age
      expect(await socket.timeout(5000).emitWithAck(SocketEvents.messageRead, { matchId: randomUUID() })).toEqual({ error: expect.any(String) });
      await new Promise((r) => setTimeout(r, 5500));
      socket.emit(SocketEvents.message, { id: randomUUID(), matchId: randomUUID(), content: 'still here?', messageType: 'text' });
      expect(await signedOut()).toEqual({ message: 'Session ended' });
      expect((await member.api.get('/api/users/me')).status).toBe(404);
    } finally {
      await short.close();
    }
  }, 30_000);

  it('behind https: Secure HttpOnly SameSite=Lax session cookie, and HSTS', async () => {
    const site = 'https://aero.example';
    const secure = await startTestGateway('single-node', { PUBLIC_URL: site });
    try {
      const api = new ApiClient(secure.base, { origin: site });
      const email = testEmail();
      expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
      const res = await api.post('/api/auth/verify', { email, code: await verificationCode(secure.base, email) });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('aero_sid='))!;
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const page = await fetch(`${secure.base}/auth`);
      await page.arrayBuffer();
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('refuses to start in production without SMTP_URL (no dev mailbox there)', async () => {
    await expect(startTestGateway('single-node', { NODE_ENV: 'production' })).rejects.toThrow('SMTP_URL is required when NODE_ENV=production');
  });
});

describe('security (distributed only)', () => {
  let gw: TestGateway;
  const adminEmail = testEmail('admin');
  beforeAll(async () => (gw = await startTestGateway('distributed', { ADMIN_EMAILS: adminEmail })));
  afterAll(() => gw?.close());

  it('keeps no verification code or reset token in Redis (job queue included) nor in mail subjects', async () => {
    const { email } = await signUp(gw.base);
    const mail = await latestMail(gw.base, email, /verification code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    expect(mail.subject).not.toContain(code);
    await new ApiClient(gw.base).post('/api/auth/forgot-password', { email });
    const { token } = await resetToken(gw.base, email);
    const redis = new Redis(await redisUrl());
    try {
      const keys = await redis.keys(`${gw.settings.redisPrefix}*`);
      expect(keys.some((k) => k.includes('bull'))).toBe(true);
      let everything = keys.join('\n');
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') everything += await redis.get(key);
        if (type === 'hash') everything += JSON.stringify(await redis.hgetall(key));
        if (type === 'list') everything += (await redis.lrange(key, 0, -1)).join();
        if (type === 'set') everything += (await redis.smembers(key)).join();
        if (type === 'zset') everything += (await redis.zrange(key, 0, -1)).join();
        if (type === 'stream') everything += JSON.stringify(await redis.xrange(key, '-', '+'));
      }
      expect(everything).toContain(email);
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(token);
    } finally {
      redis.disconnect();
    }
  });

  it('makes isAdmin follow ADMIN_EMAILS on the next request, not the next sign-in', async () => {
    const admin = await verifiedUser(gw.base, adminEmail);
    expect((await admin.api.get('/api/admin/verifications')).status).toBe(200);
    await gw.stop();
    await gw.restart({ ADMIN_EMAILS: '' });
    // the same session (kept in Redis) is no admin any more
    expect((await admin.api.get('/api/users/me')).body.isAdmin).toBe(false);
    expect((await admin.api.get('/api/admin/verifications')).status).toBe(403);
  });
});
