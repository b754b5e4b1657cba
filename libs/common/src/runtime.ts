import { assertDeployable, type ServiceName, type Settings, type VapidKeys } from '@aero/config';
import { type DeliveryObserver, type EventBus, JetStreamEventBus, PostgresEventBus } from '@aero/event-bus';
import { type DatabaseServer, EmbeddedDatabase } from '@aero/persistence';
import { createJobQueue, createKeyValueStore, createMailer, createObjectStorage, type JobQueue, type KeyValueStore, type Mailer, type ObjectStorage } from '@aero/ports';
import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Metrics } from './metrics/metrics.js';
import { rootLogger } from './logger.js';
import { carryingRequestIds } from './request-context.js';
import type { RpcClient } from './rpc/rpc-client.js';
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
  storage: ObjectStorage;
  /** HMAC secret of local signed URLs: SESSION_SECRET, else generated once and kept in DATA_DIR */
  secret: string;
  /** this process's Prometheus metrics (served on METRICS_PORT by the ops server) */
  metrics: Metrics;
  /** started only when some service has no DATABASE_URL */
  embeddedDatabase?: DatabaseServer;
  /** a service's runtime; `rpc` is how it calls the other services (in-process or NATS) */
  runtimeFor(service: ServiceName, rpc: RpcClient): ServiceRuntime;
  close(): Promise<void>;
}

/**
 * JetStream with NATS_URL; otherwise (single-node mode) the durable event log in PostgreSQL at
 * `logDatabaseUrl`, so a process that dies with events in flight loses none of them.
 */
export async function createEventBus(settings: Settings, clientName: string, logDatabaseUrl: string | undefined, observer?: DeliveryObserver): Promise<EventBus> {
  const maxAgeMs = settings.eventsMaxAgeSeconds * 1000;
  if (settings.natsUrl) {
    const { eventsStream: stream, eventsPrefix: prefix, eventsMaxBytes: maxBytes } = settings;
    return JetStreamEventBus.connect({ servers: settings.natsUrl, stream, prefix, name: clientName, maxAgeMs, maxBytes, logger: rootLogger, observer });
  }
  if (!logDatabaseUrl) throw new Error('single-node mode needs a database for its event log (DATABASE_URL or the embedded PostgreSQL)');
  return PostgresEventBus.connect({ url: logDatabaseUrl, retainMs: maxAgeMs, logger: rootLogger, observer });
}

/**
 * The content of `<dataDir>/<name>`, created once by `create` when missing: every process of the
 * deployment that shares DATA_DIR reads the same value (the first to write it wins a race).
 */
function loadOrCreateDataFile(settings: Pick<Settings, 'dataDir'>, name: string, create: () => string): string {
  const file = join(settings.dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(settings.dataDir, { recursive: true });
  try {
    writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another process of this deployment created it first: use theirs
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/** SESSION_SECRET when set; otherwise a random secret generated once and kept in `<dataDir>/secret` */
export function loadOrCreateSecret(settings: Settings): string {
  return settings.sessionSecret ?? loadOrCreateDataFile(settings, 'secret', () => randomBytes(32).toString('hex'));
}

/** the test payment provider's webhook signing secret: derived from the deployment's secret, so every replica shares it and no one else knows it */
export const testPaymentsWebhookSecret = (settings: Settings) => `whsec_${createHmac('sha256', loadOrCreateSecret(settings)).update('aeromatch test payments webhooks').digest('base64url')}`;

/** a new P-256 key pair as VAPID wants it: the uncompressed public point and the 32-byte private scalar, base64url */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // the scalar may come shorter than 32 bytes (leading zeros): pad it
  const privateKey = Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex');
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise a pair generated once and kept in `<dataDir>/vapid.json` */
export function loadOrCreateVapidKeys(settings: Pick<Settings, 'dataDir' | 'vapidKeys'>): VapidKeys {
  if (settings.vapidKeys) return settings.vapidKeys;
  const { publicKey, privateKey } = JSON.parse(loadOrCreateDataFile(settings, 'vapid.json', () => JSON.stringify(generateVapidKeys()))) as VapidKeys;
  return { publicKey, privateKey };
}

export async function openInfrastructure(settings: Settings, opts: { name: string; services: readonly ServiceName[] }): Promise<Infrastructure> {
  assertDeployable(settings);
  // single-node mode keeps its event log in the first service's database (DATABASE_URL or embedded)
  const logUrl = settings.natsUrl ? undefined : settings.databaseUrl(opts.services[0] ?? 'identity');
  const needsEmbedded = opts.services.some((s) => !settings.databaseUrl(s)) || (!settings.natsUrl && !logUrl);
  const embeddedDatabase = needsEmbedded ? await EmbeddedDatabase.start(settings.dataDir) : undefined;
  const metrics = new Metrics(opts.name);
  // redeliveries and dead letters counted as the bus decides them; lag and job counts read when scraped
  const bus = await createEventBus(settings, opts.name, logUrl ?? embeddedDatabase?.url, metrics.deliveryObserver);
  // every line through pino, so the lines of a user action carry its request id
  const jobs = carryingRequestIds(createJobQueue(settings, (message, error) => rootLogger.warn(error ? `${message}: ${error instanceof Error ? error.message : String(error)}` : message), opts.name));
  const kv = createKeyValueStore(settings);
  const mailer = createMailer(settings, (line) => rootLogger.info(line));
  const secret = loadOrCreateSecret(settings);
  const storage = createObjectStorage(settings, secret);
  const shared = opts.services.length > 1;
  if (bus.consumerLag) metrics.watchConsumers(() => bus.consumerLag!());
  if (jobs.depth) metrics.watchJobQueue(() => jobs.depth!());
  return {
    settings,
    metrics,
    bus,
    jobs,
    kv,
    mailer,
    storage,
    secret,
    embeddedDatabase,
    runtimeFor: (service, rpc) => ({
      rpc,
      settings,
      databaseUrl: settings.databaseUrl(service) ?? embeddedDatabase!.url,
      bus,
      jobs,
      kv,
      mailer,
      storage,
      poolSize: shared ? 4 : 10,
      metrics,
    }),
    async close() {
      await jobs.close();
      await bus.close();
      await kv.close();
      await embeddedDatabase?.stop();
    },
  };
}

