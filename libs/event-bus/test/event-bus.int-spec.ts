import { createTestDatabase, natsUrl, uniqueName } from '@aero/testing';
import { eventBusContract } from '../src/event-bus.contract.js';
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
