import { createTestDatabase, natsUrl, uniqueName } from '@aero/testing';
import { connect as connectNats } from '@nats-io/transport-node';
import { DEFAULT_MAX_DELIVER, deadLetterSubject, UNLIMITED_DELIVERIES } from '../src/delivery-policy.js';
import { eventBusContract, eventually, testEvent } from '../src/event-bus.contract.js';
import { InProcessEventBus } from '../src/in-process-event-bus.js';
import { JetStreamEventBus } from '../src/jetstream-event-bus.js';
import type { EventBusLogger } from '../src/logger.js';
import { PostgresEventBus } from '../src/postgres-event-bus.js';

const quiet: EventBusLogger = { log() {}, warn() {}, error() {} };

eventBusContract('InProcessEventBus', async (observer) => {
  const bus = new InProcessEventBus({ logger: quiet, observer });
  return { bus, cleanup: () => bus.close() };
});

eventBusContract('JetStreamEventBus (real NATS)', async (observer) => {
  const bus = await JetStreamEventBus.connect({
    servers: await natsUrl(),
    stream: uniqueName('EVT'),
    prefix: uniqueName('evt'),
    name: 'event-bus-contract',
    logger: quiet,
    observer,
  });
  return {
    bus,
    async cleanup() {
      await bus.deleteStream();
      await bus.close();
    },
  };
});

eventBusContract('PostgresEventBus (real PostgreSQL, single-node mode)', async (observer) => {
  const db = await createTestDatabase();
  const bus = await PostgresEventBus.connect({ url: db.url, logger: quiet, pollIntervalMs: 50, observer });
  return {
    bus,
    async cleanup() {
      await bus.close();
      await db.drop();
    },
  };
});

describe('JetStreamEventBus publish (real NATS)', () => {
  const connect = async (options: Partial<Parameters<typeof JetStreamEventBus.connect>[0]> = {}) =>
    JetStreamEventBus.connect({ servers: await natsUrl(), stream: uniqueName('PUB'), prefix: uniqueName('pub'), logger: quiet, ...options });

  it('resolves once the stream stored a batch, in order; a re-published id is dropped, not refused', async () => {
    const bus = await connect();
    try {
      const events = Array.from({ length: 500 }, () => testEvent('pub.thing.happened'));
      await bus.publish(events);
      await bus.publish(events.slice(0, 10)); // a relay re-publishing after a crash
      const stored = await bus.eventsUnder('pub');
      expect(stored.map((e) => e.id)).toEqual(events.map((e) => e.id));
    } finally {
      await bus.deleteStream();
      await bus.close();
    }
  }, 30_000);

  it('rejects at once when no stream takes the events, so the relay keeps its rows', async () => {
    const bus = await connect();
    await bus.deleteStream();
    try {
      const started = Date.now();
      await expect(bus.publish([testEvent('pub.thing.happened'), testEvent('pub.thing.happened')])).rejects.toThrow(/JetStream did not store the event: 503/);
      expect(Date.now() - started).toBeLessThan(2_000); // not the publish timeout
    } finally {
      await bus.close();
    }
  }, 30_000);

  it('rejects when the stream does not acknowledge in time', async () => {
    const prefix = uniqueName('pub');
    const bus = await connect({ prefix, publishTimeoutMs: 200 });
    await bus.deleteStream();
    // a plain subscriber where the stream was: the events are taken, but nobody acknowledges them
    const nc = await connectNats({ servers: await natsUrl() });
    const sink = nc.subscribe(`${prefix}.>`);
    await nc.flush();
    try {
      await expect(bus.publish([testEvent('pub.thing.happened')])).rejects.toThrow('JetStream did not acknowledge 1 of 1 events within 200 ms');
    } finally {
      sink.unsubscribe();
      await nc.close();
      await bus.close();
    }
  }, 30_000);
});

describe.each([
  [
    'InProcessEventBus',
    async () => {
      const bus = new InProcessEventBus({ logger: quiet, retryDelayMs: () => 5 });
      return { bus, cleanup: () => bus.close() };
    },
  ],
  [
    'JetStreamEventBus (real NATS)',
    async () => {
      const bus = await JetStreamEventBus.connect({ servers: await natsUrl(), stream: uniqueName('UNL'), prefix: uniqueName('unl'), logger: quiet, retryDelayMs: () => 5 });
      return { bus, cleanup: async () => (await bus.deleteStream(), await bus.close()) };
    },
  ],
  [
    'PostgresEventBus (real PostgreSQL)',
    async () => {
      const db = await createTestDatabase();
      const bus = await PostgresEventBus.connect({ url: db.url, logger: quiet, pollIntervalMs: 50, retryDelayMs: () => 5 });
      return { bus, cleanup: async () => (await bus.close(), await db.drop()) };
    },
  ],
] as const)('%s: a consumer that never gives up (UNLIMITED_DELIVERIES)', (_name, connect) => {
  it('is retried past the default budget until it succeeds, never dead-lettered', async () => {
    const { bus, cleanup } = await connect();
    try {
      const deadLetters: string[] = [];
      await bus.subscribe({ consumer: 'unlimited.watch', subjects: [deadLetterSubject('unlimited.cancel')], handle: async (e) => void deadLetters.push(e.id) });
      const attempts: string[] = [];
      await bus.subscribe({
        consumer: 'unlimited.cancel',
        subjects: ['unlimited.thing.happened'],
        maxDeliver: UNLIMITED_DELIVERIES,
        handle: async (e) => {
          attempts.push(e.id);
          // the provider is away for longer than any bounded consumer would wait
          if (attempts.length <= DEFAULT_MAX_DELIVER + 3) throw new Error('provider unavailable');
        },
      });
      const event = testEvent('unlimited.thing.happened');
      await bus.publish([event]);
      await eventually(() => expect(attempts).toHaveLength(DEFAULT_MAX_DELIVER + 4), 20_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(attempts).toHaveLength(DEFAULT_MAX_DELIVER + 4); // done: not delivered again
      expect(deadLetters).toEqual([]);
    } finally {
      await cleanup();
    }
  }, 30_000);
});

describe('JetStreamEventBus during a rolling deploy (real NATS)', () => {
  it("leaves an event of a subject only the next release handles for that release's replicas: this one does not acknowledge it away", async () => {
    // (each time it is left counts as a delivery: the retry budget is the window in which a replica that handles it must pull)
    const options = { servers: await natsUrl(), stream: uniqueName('ROLL'), prefix: uniqueName('roll'), logger: quiet, retryDelayMs: () => 500 };
    const lastRelease = await JetStreamEventBus.connect(options);
    const nextRelease = await JetStreamEventBus.connect(options);
    try {
      const handledByLast: string[] = [];
      await lastRelease.subscribe({ consumer: 'roll.mailer', subjects: ['roll.thing.made'], handle: async (e) => void handledByLast.push(e.id) });
      // a replica of the next release, whose handler also hears roll.thing.changed, makes the
      // durable again with both subjects, then is away a while (restarting, say)
      await (await nextRelease.subscribe({ consumer: 'roll.mailer', subjects: ['roll.thing.made', 'roll.thing.changed'], handle: async () => undefined })).stop();
      const made = testEvent('roll.thing.made');
      const changed = testEvent('roll.thing.changed');
      await lastRelease.publish([made, changed]);
      // the last release's replica pulls both meanwhile, and handles the one it knows (it notices
      // the durable made again at once when the server tells it, else once heartbeats are missed)
      await eventually(() => expect(handledByLast).toEqual([made.id]), 75_000);
      await new Promise((r) => setTimeout(r, 300));

      const handledByNext: string[] = [];
      await nextRelease.subscribe({ consumer: 'roll.mailer', subjects: ['roll.thing.made', 'roll.thing.changed'], handle: async (e) => void handledByNext.push(e.id) });
      await eventually(() => expect(handledByNext).toContain(changed.id));
      expect(handledByLast).toEqual([made.id]);
    } finally {
      await nextRelease.deleteStream();
      await Promise.all([lastRelease.close(), nextRelease.close()]);
    }
  });
});
