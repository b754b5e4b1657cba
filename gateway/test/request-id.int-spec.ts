import { logTo } from '@aero/common';
import { JobName } from '@aero/contracts';
import { ApiClient, eventually, testEmail } from '@aero/testing';
import { createMember, inDeck } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

type LogLine = { msg: string; requestId?: string; app?: string; service?: string; subject?: string; consumer?: string; job?: string; route?: string; level: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * One request id from the browser's request through the gateway, RPC (NATS headers in the
 * distributed mode), the outbox and the event consumers, and background jobs, into every log line.
 */
describe.each(GATEWAY_MODES)('request ids (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let lines: LogLine[] = [];
  let restoreLogs: () => void;

  beforeAll(async () => {
    // every log line of this process (gateway and services alike), at debug level
    restoreLogs = logTo({ write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }, 'debug');
    gw = await startTestGateway(mode);
  });

  afterAll(async () => {
    await gw?.close();
    restoreLogs?.();
  });

  const linesOf = (requestId: string) => lines.filter((l) => l.requestId === requestId);

  it('follows a like from the gateway through discovery, its event and the notifications consumer', async () => {
    const ana = await createMember(gw.base, 'Ana', 'female');
    const ben = await createMember(gw.base, 'Ben', 'male');
    await inDeck(ana, ben);
    lines = [];

    const liked = await ana.api.request('PATCH', '/api/likes', { toUserId: ben.id }, { 'X-Request-Id': 'test-123' });
    expect(liked.status).toBe(200);
    expect(liked.headers.get('x-request-id')).toBe('test-123');

    // the consumer has run once Ben sees the like
    await eventually(async () => ((await ben.api.get('/api/notifications')).body as { type: string }[]).some((n) => n.type === 'like'), 10_000, 'the like notification');
    const traced = await eventually(() => {
      const mine = linesOf('test-123');
      return mine.some((l) => l.msg === 'event' && l.consumer === 'notifications.notify-member-when-liked') && mine;
    }, 10_000, 'the consumer line');

    expect(traced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ app: 'gateway', msg: 'request', route: '/api/likes' }),
        expect.objectContaining({ service: 'discovery', msg: 'rpc', subject: 'discovery.swipe' }),
        expect.objectContaining({ service: 'notifications', msg: 'event', subject: 'discovery.like.created', consumer: 'notifications.notify-member-when-liked' }),
      ]),
    );
    // the event kept the id in the outbox, and the notification it caused passed it on again
    const [row] = await gw.query<{ request_id: string }>('discovery', `SELECT request_id FROM discovery.outbox WHERE subject = 'discovery.like.created' AND payload->>'fromUserId' = $1`, [ana.id]);
    expect(row?.request_id).toBe('test-123');
    const [notified] = await gw.query<{ request_id: string }>('notifications', `SELECT request_id FROM notifications.outbox WHERE subject = 'notifications.notification.created' AND payload->>'userId' = $1 ORDER BY seq DESC LIMIT 1`, [ben.id]);
    expect(notified?.request_id).toBe('test-123');
    // nothing else of this test's traffic claims the id
    expect(lines.filter((l) => l.requestId && l.requestId !== 'test-123' && !UUID.test(l.requestId))).toEqual([]);
  });

  it('follows a sign-up into the identity service and its verification mail job', async () => {
    lines = [];
    const api = new ApiClient(gw.base, { 'X-Request-Id': 'signup-456' });
    const signup = await api.post('/api/auth/signup', { email: testEmail(), password: 'secret-pass' });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('x-request-id')).toBe('signup-456');

    const traced = await eventually(() => {
      const mine = linesOf('signup-456');
      return mine.some((l) => l.msg === 'job') && mine;
    }, 10_000, 'the job line');
    expect(traced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ app: 'gateway', msg: 'request', route: '/api/auth/signup' }),
        expect.objectContaining({ service: 'identity', msg: 'rpc', subject: 'identity.signup' }),
        expect.objectContaining({ service: 'identity', msg: 'job', job: JobName.SendVerificationEmail }),
      ]),
    );
  });

  it('replaces an unsafe incoming id with a fresh one, and names one on every response', async () => {
    for (const unsafe of ['x'.repeat(65), 'test 123', 'a"b', 'a/b', '{"level":60}']) {
      const res = await new ApiClient(gw.base).request('GET', '/api/health', undefined, { 'X-Request-Id': unsafe });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(UUID);
      expect(linesOf(unsafe)).toEqual([]);
    }
    // none sent: a fresh one each time
    const [a, b] = await Promise.all([new ApiClient(gw.base).get('/api/health'), new ApiClient(gw.base).get('/api/health')]);
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    // a request the gateway refuses before any route runs still names its id
    const refused = await fetch(`${gw.base}/api/likes`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-request-id': 'refused-1' }, body: '{}' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-request-id')).toBe('refused-1');
    await eventually(() => linesOf('refused-1').some((l) => l.msg === 'request' && l.app === 'gateway'), 5_000, 'the access line');
  });
});
