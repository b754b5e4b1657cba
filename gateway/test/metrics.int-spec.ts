import { SERVICE_NAMES } from '@aero/config';
import { freePort } from '@aero/testing';
import { createMember } from './support/members.js';
import { connect } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The operations port (METRICS_PORT) in both runtime modes: Prometheus metrics of HTTP routes
 * (by pattern, never raw URLs), service calls by subject, open sockets and the services'
 * outboxes; liveness and readiness apart from the product's port.
 */
describe.each(GATEWAY_MODES)('metrics and probes (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let ops: string;
  beforeAll(async () => {
    const port = await freePort();
    gw = await startTestGateway(mode, { METRICS_PORT: String(port) });
    ops = `http://127.0.0.1:${gw.gateway.opsPort}`;
  });
  afterAll(() => gw?.close());

  const scrape = async () => {
    const res = await fetch(`${ops}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };
  const value = (text: string, series: RegExp) => Number(text.split('\n').find((l) => series.test(l))?.split(' ').pop() ?? NaN);

  it('answers liveness and readiness on its own port, never on the product’s', async () => {
    expect((await fetch(`${ops}/livez`)).status).toBe(200);
    expect(await (await fetch(`${ops}/readyz`)).text()).toBe('ready\n');
    expect(await (await fetch(`${gw.base}/metrics`)).text()).not.toContain('aero_http_request_duration_seconds');
    expect((await fetch(`${ops}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('counts requests by route pattern, calls by subject, open sockets and outbox backlogs', async () => {
    const member = await createMember(gw.base, 'Mira', 'female');
    await member.api.get(`/api/users/${member.id}/profile-that-does-not-exist`);
    const socket = await connect(gw.base, member);
    try {
      const text = await scrape();
      expect(text).toMatch(/aero_http_request_duration_seconds_count\{[^}]*method="POST",route="\/api\/auth\/signup",status="201"[^}]*\} [1-9]/);
      // the member's id never becomes a label value
      expect(text).not.toContain(member.id);
      expect(text).toMatch(/aero_rpc_duration_seconds_count\{[^}]*subject="identity\.signup",outcome="ok"[^}]*\} [1-9]/);
      expect(value(text, /^aero_open_sockets\{/)).toBeGreaterThanOrEqual(1);
      for (const service of SERVICE_NAMES) {
        expect(text).toMatch(new RegExp(`aero_outbox_backlog\\{[^}]*service="${service}"[^}]*\\} \\d+`));
        expect(text).toMatch(new RegExp(`aero_outbox_oldest_age_seconds\\{[^}]*service="${service}"`));
      }
    } finally {
      socket.disconnect();
    }
  });
});
