import type { Clock } from '@aero/common';
import { ServerLimits } from '@aero/contracts';
import { eventually } from '@aero/testing';
import { createMember } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

const HOUR_MS = 3600 * 1000;

/**
 * Boosts through the real gateway in both runtime modes, with the services' clock moved by the
 * test: one at a time, and a new one only `ServerLimits.boostCooldownHours` after the last one
 * started (boosts chained back to back would keep a member first in every deck for good).
 */
describe.each(GATEWAY_MODES)('boost cooldown (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    gw = await startTestGateway(mode, { DEMO_SEED: 'false' }, { clock });
  });
  afterAll(() => gw?.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  it('refuses a boost while one is active, and another one until the cooldown since the last one started is over', async () => {
    const max = await createMember(gw.base, 'Max', 'male');
    // once discovery has the new member (profile and account events), the first boost starts
    const first = await eventually(async () => {
      const res = await max.api.post('/api/boost', { duration: 30 });
      return res.status === 404 || res.status === 402 ? undefined : res;
    }, 10_000, 'the member in discovery');
    expect(first.status).toBe(200);
    // the server holds it for the member's every device, and for them only
    const state = (await max.api.get('/api/boost')).body;
    expect(state).toEqual({ expiresAt: first.body.expiresAt, secondsLeft: expect.any(Number) });
    expect(state.secondsLeft).toBeGreaterThan(29 * 60);
    expect(state.secondsLeft).toBeLessThanOrEqual(30 * 60);
    const lea = await createMember(gw.base, 'Lea', 'female');
    expect((await eventually(async () => {
      const res = await lea.api.get('/api/boost');
      return res.status === 404 ? undefined : res;
    }, 10_000, 'Lea in discovery')).body).toEqual({ expiresAt: null, secondsLeft: 0 });

    // the active boost is still refused as such
    const active = await max.api.post('/api/boost', { duration: 30 });
    expect(active.status).toBe(409);
    expect(active.body).toMatchObject({ code: 'boost_active', message: 'Your boost is already active' });

    // the boost is over, the cooldown is not: refused, with the hours left (rounded up)
    offsetMs = 31 * 60_000;
    expect((await max.api.get('/api/boost')).body).toEqual({ expiresAt: null, secondsLeft: 0 });
    const soon = await max.api.post('/api/boost', { duration: 30 });
    expect(soon.status).toBe(409);
    expect(soon.body).toMatchObject({ code: 'boost_cooldown', message: `You can boost again in ${ServerLimits.boostCooldownHours}h` });
    offsetMs = (ServerLimits.boostCooldownHours - 1) * HOUR_MS + 60_000;
    expect((await max.api.post('/api/boost', { duration: 30 })).body).toMatchObject({ code: 'boost_cooldown', message: 'You can boost again in 1h' });

    // the cooldown is over: a new boost, counted from its own start
    offsetMs = ServerLimits.boostCooldownHours * HOUR_MS;
    const again = await max.api.post('/api/boost', { duration: 15 });
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.expiresAt)).toBeGreaterThan(Date.now() + offsetMs + 14 * 60_000);
    offsetMs += 16 * 60_000;
    expect((await max.api.post('/api/boost', { duration: 30 })).body).toMatchObject({ code: 'boost_cooldown' });
  });
});
