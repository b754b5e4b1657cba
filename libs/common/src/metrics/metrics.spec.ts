import { InProcessEventBus, UnprocessableEvent, type EventEnvelope } from '@aero/event-bus';
import { InProcessJobQueue } from '@aero/ports';
import { randomUUID } from 'node:crypto';
import { Metrics } from './metrics.js';

const quiet = { log() {}, warn() {}, error() {} };
const event = (subject: string): EventEnvelope => ({ id: randomUUID(), subject, schemaVersion: 1, occurredAt: new Date().toISOString(), payload: {} });

async function until(check: () => Promise<void>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Metrics wired as openInfrastructure wires them, on the in-process bus and job queue. */
describe('Metrics: consumers and jobs', () => {
  let metrics: Metrics;
  let bus: InProcessEventBus;
  let jobs: InProcessJobQueue;
  beforeEach(() => {
    metrics = new Metrics('unit');
    bus = new InProcessEventBus({ logger: quiet, retryDelayMs: () => 1, observer: metrics.deliveryObserver });
    jobs = new InProcessJobQueue(() => undefined);
    metrics.watchConsumers(() => bus.consumerLag());
    metrics.watchJobQueue(() => jobs.depth());
  });
  afterEach(async () => {
    await bus.close();
    await jobs.close();
  });
  const scrape = () => metrics.registry.metrics();

  it('counts a transient failure as a redelivery and an unprocessable event as a dead letter, by service and consumer', async () => {
    let tries = 0;
    await bus.subscribe({ consumer: 'billing.on-thing', subjects: ['a.thing.happened'], handle: async () => {
        if (++tries === 1) throw new Error('lock timeout');
      },
    });
    await bus.subscribe({ consumer: 'notifications.on-thing', subjects: ['a.thing.happened'], handle: () => Promise.reject(new UnprocessableEvent('payload breaks its contract')) });
    await bus.publish([event('a.thing.happened')]);

    await until(async () => {
      const text = await scrape();
      expect(text).toMatch(/^aero_event_redeliveries_total\{service="billing",consumer="billing\.on-thing",process="unit"\} 1$/m);
      expect(text).toMatch(/^aero_dead_letters_total\{service="notifications",consumer="notifications\.on-thing",process="unit"\} 1$/m);
    });
    expect(await scrape()).not.toMatch(/aero_event_redeliveries_total\{[^}]*consumer="notifications\.on-thing"/); // dead-lettered at once
    expect(tries).toBe(2);
  });

  it('reports each consumer’s lag and each job name’s depth by state when scraped', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await bus.subscribe({ consumer: 'discovery.on-slow', subjects: ['a.slow.thing'], handle: () => held });
    await bus.publish([event('a.slow.thing'), event('a.slow.thing')]);
    jobs.register('send-mail', () => held);
    await jobs.enqueue('send-mail', {});
    await jobs.enqueue('send-mail', {});
    await jobs.enqueue('send-mail', {}, { delayMs: 60_000 });
    await until(async () => {
      const text = await scrape();
      expect(text).toMatch(/^aero_consumer_lag\{service="discovery",consumer="discovery\.on-slow",process="unit"\} 2$/m);
      for (const [state, n] of Object.entries({ waiting: 1, active: 1, delayed: 1, failed: 0 })) {
        expect(text).toMatch(new RegExp(`^aero_job_queue_depth\\{queue="send-mail",state="${state}",process="unit"\\} ${n}$`, 'm'));
      }
    });
    release();
    await new Promise((r) => setTimeout(r, 2_100)); // past the reading's cache
    await until(async () => expect(await scrape()).toMatch(/^aero_consumer_lag\{[^}]*consumer="discovery\.on-slow"[^}]*\} 0$/m));
  });
});
