import { SERVICE_NAMES } from '@aero/config';
import { Events, JobName } from '@aero/contracts';
import { eventually, freePort } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import { createMember, matchedPair } from './support/members.js';
import { connect } from './support/sockets.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The operations port (METRICS_PORT) in both runtime modes: Prometheus metrics of HTTP routes
 * (by pattern, never raw URLs), service calls by subject, open sockets, the services'
 * outboxes, the durable consumers' lag, redeliveries and dead letters, the job queue's depth;
 * liveness and readiness apart from the product's port.
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

  it('reports every durable consumer’s lag and the job queue’s depth, by name and state', async () => {
    await matchedPair(gw.base);
    const consumers = ['messaging.create-chat-room-when-match-created', 'notifications.notify-members-when-matched', 'notifications.welcome-user-when-account-type-set', 'gateway.push-notification-when-created'];
    const text = await scrape();
    for (const consumer of consumers) {
      const service = consumer.split('.')[0];
      expect(text).toMatch(new RegExp(`aero_consumer_lag\\{[^}]*service="${service}",consumer="${consumer.replace(/\./g, '\\.')}"[^}]*\\} \\d+`));
    }
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(text).toMatch(new RegExp(`aero_job_queue_depth\\{[^}]*queue="${JobName.SendVerificationEmail}",state="${state}"[^}]*\\} \\d+`));
    }
    // once the events have been handled, nobody is behind (JetStream: nothing pending or unacknowledged)
    await eventually(async () => {
      const lags = (await scrape()).split('\n').filter((l) => l.startsWith('aero_consumer_lag{'));
      return lags.length >= consumers.length && lags.every((l) => l.endsWith(' 0'));
    }, 20_000, 'every consumer lag at 0');
  });

  it('counts the dead letters of an event that breaks its contract, per consumer', async () => {
    const deadLetters = (text: string, consumer: string) => value(text, new RegExp(`^aero_dead_letters_total\\{[^}]*consumer="${consumer.replace(/\./g, '\\.')}"`));
    const consumers = ['notifications.forget-user-when-account-deleted', 'discovery.forget-member-when-account-deleted', 'gateway.delete-objects-when-account-deleted'];
    const before = await scrape();
    // an account deletion without its payload: every consumer of the subject gives up on it at once
    await gw.publish([{ id: randomUUID(), subject: Events.identity.accountDeleted, schemaVersion: 1, occurredAt: new Date().toISOString(), payload: {} }]);
    await eventually(async () => {
      const text = await scrape();
      return consumers.every((c) => deadLetters(text, c) === (deadLetters(before, c) || 0) + 1);
    }, 20_000, 'a dead letter counted by each consumer');
    // unprocessable: dead-lettered at the first delivery, never redelivered
    expect(await scrape()).not.toMatch(/aero_event_redeliveries_total\{[^}]*consumer="notifications\.forget-user-when-account-deleted"/);
  });
});
