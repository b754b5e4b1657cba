import { Rpc } from '@aero/contracts';
import { loadSettings } from '@aero/config';
import { NatsRpcClient } from '@aero/common';
import { JetStreamEventBus } from '@aero/event-bus';
import { ApiClient, createTestDatabase, freeConsecutivePorts, natsUrl, redisUrl, type RunningCluster, type RunningProcess, startApp, startCluster, type TestDatabase, testEmail, uniqueName, verificationCode } from '@aero/testing';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';

/**
 * The thin slice through every layer, in both runtime modes, as separate processes:
 * browser-like HTTP → gateway → identity over the bus → outbox event → notifications consumes it
 * → its own outbox event → the gateway pushes it over socket.io.
 */

async function signedInUser(baseUrl: string) {
  const api = new ApiClient(baseUrl);
  const email = testEmail('slice');
  expect((await api.post('/api/auth/signup', { email, password: 'secret-pass' })).status).toBe(201);
  const code = await verificationCode(baseUrl, email);
  const verified = await api.post('/api/auth/verify', { email, code });
  expect(verified.status).toBe(200);
  return { api, email, user: verified.body.user as { id: string } };
}

function connectSocket(baseUrl: string, cookie: string, origin = baseUrl): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { path: '/ws', transports: ['websocket'], extraHeaders: { cookie, origin }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const nextEvent = <T>(socket: Socket, event: string, timeoutMs = 15_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function expectWelcomePushed(actor: ApiClient, socket: Socket) {
  const pushed = nextEvent<{ title: string; type: string; read: boolean }>(socket, 'notification');
  expect((await actor.patch('/api/users/me', { userType: 'general' })).status).toBe(200);
  expect(await pushed).toMatchObject({ title: 'Welcome to AeroMatch', type: 'other', read: false });
}

describe('single-node mode (npm start: embedded PostgreSQL, in-process bus)', () => {
  let app: RunningProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: '', NATS_URL: '', REDIS_URL: '' };
    app = await startApp({ env });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await app?.stop();
  });

  it('reports every service healthy', async () => {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { status: string; mode: string; services: Record<string, string> };
    expect(health).toMatchObject({ status: 'ok', mode: 'single-node' });
    expect(Object.values(health.services)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('pushes the welcome notification over socket.io after the user picks a type', async () => {
    const { api, user } = await signedInUser(app.url);
    const socket = await connectSocket(app.url, api.cookie);
    sockets.push(socket);
    const ok = nextEvent<{ userId: string }>(socket, 'auth_success');
    socket.emit('auth', { userId: user.id });
    expect((await ok).userId).toBe(user.id);
    const refused = nextEvent(socket, 'auth_error');
    socket.emit('auth', { userId: '00000000-0000-4000-8000-000000000000' });
    await refused;
    await expectWelcomePushed(api, socket);
  });

  it('refuses a socket from another origin, even with a valid session cookie', async () => {
    const { api } = await signedInUser(app.url);
    await expect(connectSocket(app.url, api.cookie, 'https://evil.example')).rejects.toThrow('Origin not allowed');
  });

  it('disconnects the sockets of a session when it signs out, and only those', async () => {
    const { api, email } = await signedInUser(app.url);
    const other = new ApiClient(app.url);
    expect((await other.post('/api/auth/login', { email, password: 'secret-pass' })).status).toBe(200);
    const mine = await connectSocket(app.url, api.cookie);
    const theirs = await connectSocket(app.url, other.cookie);
    sockets.push(mine, theirs);
    const gone = nextEvent<string>(mine, 'disconnect');
    expect((await api.post('/api/auth/logout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(theirs.connected).toBe(true);
  });

  it('refuses a socket without a session', async () => {
    const socket = io(app.url, { path: '/ws', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await nextEvent(socket, 'auth_error');
  });
});

describe('distributed mode (separate processes on NATS JetStream, PostgreSQL, Redis)', () => {
  let cluster: RunningCluster;
  let db: TestDatabase;
  const stream = uniqueName('E2E').toUpperCase();
  const prefix = uniqueName('e2e');
  const redisPrefix = `${uniqueName('aero-test')}:`;
  const sockets: Socket[] = [];

  /** each process's operations port, in start order: identity ×2, profiles, discovery, messaging, notifications, billing, gateway ×2 */
  let metricsBase: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    metricsBase = await freeConsecutivePorts(9);
    cluster = await startCluster({
      gateways: 2,
      replicas: 'identity=2',
      env: { DATABASE_URL: db.url, NATS_URL: await natsUrl(), REDIS_URL: await redisUrl(), REDIS_PREFIX: redisPrefix, EVENTS_STREAM: stream, EVENTS_PREFIX: prefix, METRICS_PORT: String(metricsBase) },
    });
  });

  it('gives every process, services included, its metrics and probes on its own port', async () => {
    const ops = (i: number, path: string) => fetch(`http://127.0.0.1:${metricsBase + i}${path}`);
    for (let i = 0; i < 9; i++) {
      expect((await ops(i, '/livez')).status).toBe(200);
      expect(await (await ops(i, '/readyz')).text()).toBe('ready\n');
    }
    const identity = await (await ops(0, '/metrics')).text();
    expect(identity).toMatch(/aero_outbox_backlog\{[^}]*service="identity"[^}]*process="identity"|aero_outbox_backlog\{[^}]*process="identity"[^}]*service="identity"/);
    const billing = await (await ops(6, '/metrics')).text();
    expect(billing).toMatch(/aero_outbox_backlog\{[^}]*service="billing"/);
    // each process reports the lag of the consumers it runs (read from JetStream) and its job queues
    expect(billing).toMatch(/aero_consumer_lag\{[^}]*service="billing",consumer="billing\.cancel-subscription-when-account-deleted"[^}]*\} \d+/);
    expect(billing).not.toMatch(/aero_consumer_lag\{[^}]*service="notifications"/);
    expect(identity).toMatch(/aero_job_queue_depth\{[^}]*queue="send-verification-email",state="waiting"[^}]*\} \d+/);
    await fetch(`${cluster.gatewayUrls[0]}/api/health`);
    const gateway = await (await ops(7, '/metrics')).text();
    expect(gateway).toMatch(/aero_rpc_duration_seconds_count\{[^}]*subject="identity\.health"/);
    expect(gateway).toMatch(/aero_http_request_duration_seconds_count\{[^}]*route="\/api\/health"/);
    expect(gateway).toMatch(/aero_consumer_lag\{[^}]*service="gateway",consumer="gateway\.push-notification-when-created"[^}]*\} \d+/);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await cluster?.stop();
    const bus = await JetStreamEventBus.connect({ servers: await natsUrl(), stream, prefix });
    await bus.deleteStream();
    await bus.close();
    const redis = new Redis(await redisUrl());
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db?.drop();
  });

  it('answers health from both gateways in distributed mode', async () => {
    for (const url of cluster.gatewayUrls) {
      expect(await (await fetch(`${url}/api/health`)).json()).toMatchObject({ status: 'ok', mode: 'distributed' });
    }
  });

  it('shares the session across gateways and pushes through the Redis adapter to a socket on the other gateway', async () => {
    const [first, second] = cluster.gatewayUrls;
    const { api } = await signedInUser(first);
    const onSecond = new ApiClient(second);
    onSecond.cookie = api.cookie;
    expect((await onSecond.get('/api/users/me')).status).toBe(200);
    // both gateways serve one public origin (the first gateway's URL here), as behind a load balancer
    const socket = await connectSocket(second, api.cookie, first);
    sockets.push(socket);
    await expectWelcomePushed(api, socket);
  });

  it('ends the sockets of every session on every gateway when the password changes elsewhere, but the changing one', async () => {
    const [first, second] = cluster.gatewayUrls;
    const { api, email } = await signedInUser(first);
    const phone = new ApiClient(second, { origin: first });
    expect((await phone.post('/api/auth/login', { email, password: 'secret-pass' })).status).toBe(200);
    const onPhone = await connectSocket(second, phone.cookie, first);
    const here = await connectSocket(first, api.cookie);
    sockets.push(onPhone, here);
    const gone = nextEvent<string>(onPhone, 'disconnect');
    expect((await api.post('/api/auth/change-password', { currentPassword: 'secret-pass', newPassword: 'a-new-secret' })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await phone.get('/api/users/me')).status).toBe(404);
    expect(here.connected).toBe(true);
    expect((await api.get('/api/users/me')).status).toBe(200);
  });

  it('builds a profile with an uploaded photo on one gateway and serves the photo from the other', async () => {
    const [first, second] = cluster.gatewayUrls;
    const { api, user } = await signedInUser(first);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff6b4a' } }).png().toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${first}/api/photos`, { method: 'POST', body: form, headers: { origin: first, cookie: api.cookie } });
    expect(uploaded.status).toBe(201);
    const { photos } = (await uploaded.json()) as { photos: string[] };
    const created = await api.post('/api/users', { firstName: 'Amelia', age: 31, bio: 'First officer', location: 'Dallas, Texas', gender: 'female', interestedIn: 'man', userType: 'general', photos });
    expect(created.status).toBe(201);
    const onSecond = new ApiClient(second);
    onSecond.cookie = api.cookie;
    expect((await onSecond.get('/api/users/me')).body).toMatchObject({ id: user.id, firstName: 'Amelia', mainPhoto: photos[0], profileCompleted: true });
    const redirect = await fetch(`${second}${photos[0]}`, { redirect: 'manual', headers: { cookie: api.cookie } });
    expect(redirect.status).toBe(302);
    const image = await fetch(redirect.headers.get('location')!);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('spreads requests over two identity replicas (one queue group)', async () => {
    const rpc = new NatsRpcClient(await natsUrl(), loadSettings({ EVENTS_PREFIX: prefix }).rpcPrefix);
    try {
      const pids = new Set<number>();
      for (let i = 0; i < 40 && pids.size < 2; i++) pids.add((await rpc.send(Rpc.health('identity'), {})).pid);
      expect(pids.size).toBe(2);
    } finally {
      await rpc.close();
    }
  });
});
