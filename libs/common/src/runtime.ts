import type { ServiceName, Settings } from '@aero/config';
import { type EventBus, InProcessEventBus, JetStreamEventBus } from '@aero/messaging';
import { type DatabaseServer, EmbeddedDatabase } from '@aero/persistence';
import { createJobQueue, createKeyValueStore, createMailer, type JobQueue, type KeyValueStore, type Mailer } from '@aero/ports';
import type { ServiceRuntime } from './service-host.js';

/**
 * The adapters of one process. Each port picks its adapter from its own setting: NATS_URL for
 * the bus, REDIS_URL for jobs and key-value, SMTP_URL for mail, DATABASE_URL for PostgreSQL.
 */
export interface Infrastructure {
  settings: Settings;
  bus: EventBus;
  jobs: JobQueue;
  kv: KeyValueStore;
  mailer: Mailer;
  /** started only when some service has no DATABASE_URL */
  embeddedDatabase?: DatabaseServer;
  runtimeFor(service: ServiceName): ServiceRuntime;
  close(): Promise<void>;
}

export async function createEventBus(settings: Settings, clientName: string): Promise<EventBus> {
  return settings.natsUrl
    ? JetStreamEventBus.connect({ servers: settings.natsUrl, stream: settings.eventsStream, prefix: settings.eventsPrefix, name: clientName })
    : new InProcessEventBus();
}

export async function openInfrastructure(settings: Settings, opts: { name: string; services: readonly ServiceName[] }): Promise<Infrastructure> {
  const needsEmbedded = opts.services.some((s) => !settings.databaseUrl(s));
  const embeddedDatabase = needsEmbedded ? await EmbeddedDatabase.start(settings.dataDir) : undefined;
  const bus = await createEventBus(settings, opts.name);
  const jobs = createJobQueue(settings);
  const kv = createKeyValueStore(settings);
  const mailer = createMailer(settings);
  const shared = opts.services.length > 1;
  return {
    settings,
    bus,
    jobs,
    kv,
    mailer,
    embeddedDatabase,
    runtimeFor: (service) => ({
      settings,
      databaseUrl: settings.databaseUrl(service) ?? embeddedDatabase!.url,
      bus,
      jobs,
      kv,
      mailer,
      poolSize: shared ? 4 : 10,
    }),
    async close() {
      await jobs.close();
      await bus.close();
      await kv.close();
      await embeddedDatabase?.stop();
    },
  };
}

