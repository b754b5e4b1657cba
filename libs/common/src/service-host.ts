import type { Settings, ServiceName } from '@aero/config';
import { EventContract, type EventPayload, type EventSubject, Rpc } from '@aero/contracts';
import { type EventBus, OutboxRelay, type Subscription, subscribeIdempotent, writeOutbox, writeOutboxMany } from '@aero/event-bus';
import { openServiceDataSource } from '@aero/persistence';
import type { JobQueue, KeyValueStore, Mailer, ObjectStorage } from '@aero/ports';
import {
  type DynamicModule,
  Inject,
  Injectable,
  type INestMicroservice,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type InjectionToken,
  type Provider,
  type Type,
} from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { Controller } from '@nestjs/common';
import { MessagePattern, type MicroserviceOptions } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock, systemClock } from './clock.js';
import type { Metrics } from './metrics/metrics.js';
import { Transactions, transactionsModule } from './transactions.js';
import { type PinoLogger, rootLogger } from './logger.js';
import { currentRequestId, isSafeRequestId, withRequestId } from './request-context.js';
import type { RpcClient } from './rpc/rpc-client.js';
import type { InProcessBroker } from './rpc/in-process-broker.js';
import { InProcessServer } from './rpc/in-process.server.js';
import { NamespacedNatsServer } from './rpc/namespaced-nats.server.js';
import { RpcErrorFilter } from './rpc/rpc-error.filter.js';
import { createValidationPipe } from './validation.js';
import { type DomainEvent, payloadProblems, readDomainEvent } from './events/domain-event.js';

/** Everything a service gets from the process that hosts it: settings and the ports' adapters. */
export interface ServiceRuntime {
  settings: Settings;
  databaseUrl: string;
  bus: EventBus;
  jobs: JobQueue;
  mailer: Mailer;
  kv: KeyValueStore;
  storage: ObjectStorage;
  /** calls to other services (a projection rebuilding itself from the owner's snapshot) */
  rpc: RpcClient;
  /** smaller pools when six services share one embedded PostgreSQL */
  poolSize?: number;
  /** the time as the service's rules see it (tests move it); the system clock by default */
  clock?: Clock;
  /** the process's metrics (the service's outbox backlog is read from it when scraped) */
  metrics?: Metrics;
}

/** the whole runtime: for the service host only; a service's classes inject the narrow ports below */
const RUNTIME = Symbol('ServiceRuntime');

/** The ports a service's classes inject by token (with CLOCK and DomainEvents), never the runtime bag. */
export const SETTINGS = Symbol('Settings');
export const MAILER = Symbol('Mailer');
export const OBJECT_STORAGE = Symbol('ObjectStorage');
export const JOB_QUEUE = Symbol('JobQueue');
export const KEY_VALUE = Symbol('KeyValueStore');
/** calls to other services */
export const RPC_CLIENT = Symbol('RpcClient');

export const SERVICE_NAME = Symbol('ServiceName');

export { UNLIMITED_DELIVERIES } from '@aero/event-bus';

/**
 * An inbound domain event handler, named as a sentence (`create-x-when-y.handler.ts`). It gets
 * only events that keep their contract (EventContract), typed by their subject.
 */
export interface DomainEventHandler<S extends EventSubject = EventSubject> {
  readonly consumer: string;
  readonly subjects: readonly S[];
  /** deliveries of an event before it is dead-lettered: DEFAULT_MAX_DELIVER unless set (UNLIMITED_DELIVERIES: never) */
  readonly maxDeliver?: number;
  /** runs in a unit of work with the inbox row: repositories and DomainEvents join it */
  handle(event: DomainEvent<S>): Promise<void>;
  /**
   * Optional, set-based: the events of a batch not handled before (in order, each once), in the
   * batch's unit of work (repositories and DomainEvents join it), doing what `handle` would do for
   * each in turn in a few statements for all. No request id is current (the events carry theirs:
   * pass them on, e.g. to DomainEvents.emitMany). When it throws, the batch is rolled back and
   * done again with `handle` for each event (see subscribeIdempotent).
   */
  handleMany?(events: DomainEvent<S>[]): Promise<void>;
  /**
   * Optional: takes, in one statement, every lock `handle` and `handleMany` take for these events
   * (a batch's, in order), at the start of each of the batch's transactions (see
   * subscribeIdempotent's `lock`): a batch handled by `handle` for each event in one transaction
   * (no `handleMany`, or its redo) then never takes them one statement after another, which two
   * transactions could do in opposite orders (a deadlock). Events breaking their contract are left
   * out (their `handle` fails alone).
   */
  lockMany?(events: DomainEvent<S>[]): Promise<void>;
}

/** A background job handler; the name comes from the JobName enum in @aero/contracts. */
export interface JobHandler<T = unknown> {
  readonly job: string;
  run(data: T): Promise<void>;
}

export interface ServiceDefinition {
  name: ServiceName;
  controllers: Type[];
  providers: Provider[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  eventHandlers?: Type<DomainEventHandler>[];
  jobHandlers?: Type<JobHandler>[];
}

/**
 * One unit of work: a transaction carried in async context (nestjs-cls), so every repository
 * call and every `DomainEvents.emit` inside `work` joins it without being handed anything; the
 * state change and its outbox rows commit together, and the relay is woken after the commit.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly transactions: Transactions,
    private readonly relay: OutboxRelay,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    const result = await this.transactions.run(work);
    this.relay.kick();
    return result;
  }
}

/**
 * The one way to emit a domain event: an outbox row in the current unit of work's transaction,
 * with its payload's schema version. A payload that breaks its contract is refused here, at the
 * producer, instead of being dead-lettered by every consumer.
 */
@Injectable()
export class DomainEvents {
  constructor(
    private readonly transactions: Transactions,
    @Inject(SERVICE_NAME) private readonly schema: string,
  ) {}

  async emit<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    if (!this.transactions.active) throw new Error(`${subject} emitted outside a unit of work: it would never be published`);
    const problems = payloadProblems(subject, payload);
    if (problems.length) throw new Error(`${subject} payload breaks its contract: ${problems.join('; ')}`);
    // the id of the user action being handled goes with the event to its consumers
    await writeOutbox(this.transactions.manager, this.schema, subject, payload, EventContract[subject].schemaVersion, currentRequestId());
  }

  /**
   * Several events of one subject in one statement, in order, as `emit` for each in turn would
   * write them; each with the request id given with it (when safe, see isSafeRequestId), else
   * the current one. For a set-based handler, whose events each carry their own request id.
   */
  async emitMany<S extends EventSubject>(subject: S, entries: ReadonlyArray<{ payload: EventPayload<S>; requestId?: string | null }>): Promise<void> {
    if (!this.transactions.active) throw new Error(`${subject} emitted outside a unit of work: it would never be published`);
    for (const { payload } of entries) {
      const problems = payloadProblems(subject, payload);
      if (problems.length) throw new Error(`${subject} payload breaks its contract: ${problems.join('; ')}`);
    }
    const current = currentRequestId();
    await writeOutboxMany(
      this.transactions.manager,
      this.schema,
      subject,
      entries.map(({ payload, requestId }) => ({ payload, requestId: isSafeRequestId(requestId) ? requestId : current })),
      EventContract[subject].schemaVersion,
    );
  }
}

/**
 * Starts the outbox relay, the durable event consumers and the job handlers; stops them on
 * shutdown. Each event and each job is handled with the request id it carries as the current one.
 */
@Injectable()
class ServiceLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];
  private readonly log: PinoLogger;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly unitOfWork: UnitOfWork,
    private readonly relay: OutboxRelay,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(SERVICE_NAME) private readonly schema: string,
    @Inject('DEFINITION') private readonly definition: ServiceDefinition,
  ) {
    this.log = rootLogger.child({ service: definition.name });
  }

  async onApplicationBootstrap() {
    for (const type of this.definition.jobHandlers ?? []) {
      const handler = this.moduleRef.get(type, { strict: false });
      // runs with the request id the job was enqueued with (see carryingRequestIds)
      this.runtime.jobs.register(handler.job, (data: unknown) => {
        this.log.debugWith('job', { job: handler.job });
        return handler.run(data);
      });
    }
    for (const type of this.definition.eventHandlers ?? []) {
      const handler = this.moduleRef.get(type, { strict: false });
      this.subscriptions.push(
        await subscribeIdempotent(this.runtime.bus, this.dataSource, this.schema, {
          consumer: handler.consumer,
          subjects: [...handler.subjects],
          maxDeliver: handler.maxDeliver,
          // the inbox rows and the handler's writes (and events) in one unit of work, which wakes
          // the relay once it has committed (the events the handler emitted are then visible)
          transaction: (fn) => this.unitOfWork.run(() => fn(this.transactions.manager)),
          handle: (event) =>
            withRequestId(event.requestId, async () => {
              this.log.debugWith('event', { subject: event.subject, consumer: handler.consumer, eventId: event.id });
              await handler.handle(readDomainEvent(event, handler.subjects));
            }),
          // set-based when the handler can: an event that breaks its contract makes it throw, so
          // the redo hands each event to `handle` and that one alone is dead-lettered
          ...(handler.handleMany
            ? {
                handleMany: async (events) => {
                  this.log.debugWith('events', { consumer: handler.consumer, count: events.length });
                  await handler.handleMany!(events.map((event) => readDomainEvent(event, handler.subjects)));
                },
              }
            : {}),
          ...(handler.lockMany
            ? {
                lock: async (events) => {
                  const readable = events.flatMap((event) => {
                    try {
                      return [readDomainEvent(event, handler.subjects)];
                    } catch {
                      return [];
                    }
                  });
                  if (readable.length) await handler.lockMany!(readable);
                },
              }
            : {}),
        }),
      );
    }
    this.relay.start();
    const outbox = `"${this.schema}".outbox`;
    this.runtime.metrics?.watchOutbox(this.schema, async () => {
      const [row] = await this.dataSource.query(
        `SELECT count(*)::int AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(occurred_at)), 0)::float AS age FROM ${outbox} WHERE published_at IS NULL`,
      );
      return { count: row.count, oldestAgeSeconds: row.age };
    });
  }

  async onApplicationShutdown() {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
    await this.relay.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * How long a service keeps the inbox row of a handled event: a day longer than the bus keeps the
 * event (EVENTS_MAX_AGE_SECONDS), after which it cannot be delivered again; forever when the bus
 * keeps events forever (0).
 */
export function inboxRetentionMs(settings: Pick<Settings, 'eventsMaxAgeSeconds'>): number {
  return settings.eventsMaxAgeSeconds > 0 ? (settings.eventsMaxAgeSeconds + 86_400) * 1000 : 0;
}

function healthController(name: string): Type {
  @Controller()
  class HealthController {
    @MessagePattern(Rpc.health(name))
    health() {
      return { status: 'ok', service: name, pid: process.pid };
    }
  }
  return HealthController;
}

/**
 * The service's DataSource through @nestjs/typeorm (its own schema, migrations run on start),
 * shared by the module and the transaction plugin. Repositories reach it through `Transactions`,
 * so that they join the unit of work in progress. @nestjs/typeorm is CommonJS requiring the
 * ESM-only NestJS: loaded on demand, once NestJS itself is loaded.
 */
async function databaseModule(definition: ServiceDefinition, runtime: ServiceRuntime): Promise<{ module: DynamicModule; token: InjectionToken }> {
  const { TypeOrmModule, getDataSourceToken } = await import('@nestjs/typeorm');
  // named after the service: in single-node mode the six services share the process, and
  // @nestjs/typeorm's registry of data source names is per process
  const module = TypeOrmModule.forRootAsync({
    name: definition.name,
    useFactory: () => ({ type: 'postgres' as const, name: definition.name }),
    dataSourceFactory: () =>
      openServiceDataSource({
        url: runtime.databaseUrl,
        schema: definition.name,
        entities: definition.entities,
        migrations: definition.migrations,
        poolSize: runtime.poolSize,
        onQueryError: (message, fields) => rootLogger.warnWith(message, { service: definition.name, ...fields }),
      }),
  });
  return { module, token: getDataSourceToken(definition.name) };
}

export async function buildServiceModule(definition: ServiceDefinition, runtime: ServiceRuntime): Promise<DynamicModule> {
  @Module({})
  class ServiceModule {}
  Object.defineProperty(ServiceModule, 'name', { value: `${definition.name}Module` });
  const database = await databaseModule(definition, runtime);
  const transactions = await transactionsModule(definition.name, database.module, database.token);
  return {
    module: ServiceModule,
    imports: [database.module, transactions.module],
    controllers: [healthController(definition.name), ...definition.controllers],
    providers: [
      { provide: DataSource, useExisting: database.token },
      { provide: RUNTIME, useValue: runtime },
      { provide: SETTINGS, useValue: runtime.settings },
      { provide: MAILER, useValue: runtime.mailer },
      { provide: OBJECT_STORAGE, useValue: runtime.storage },
      { provide: JOB_QUEUE, useValue: runtime.jobs },
      { provide: KEY_VALUE, useValue: runtime.kv },
      { provide: RPC_CLIENT, useValue: runtime.rpc },
      { provide: SERVICE_NAME, useValue: definition.name },
      { provide: 'DEFINITION', useValue: definition },
      {
        provide: OutboxRelay,
        useFactory: (dataSource: DataSource) => new OutboxRelay({ dataSource, schema: definition.name, bus: runtime.bus, retainHandledMs: inboxRetentionMs(runtime.settings), logger: rootLogger.child({ service: definition.name }) }),
        inject: [DataSource],
      },
      { provide: CLOCK, useValue: runtime.clock ?? systemClock },
      ...transactions.providers,
      UnitOfWork,
      DomainEvents,
      ServiceLifecycle,
      ...(definition.eventHandlers ?? []),
      ...(definition.jobHandlers ?? []),
      ...definition.providers,
    ],
  };
}

/** in-process, or NATS with the deployment's namespace of request subjects (`RPC_PREFIX`) */
export type ServiceTransport = { kind: 'in-process'; broker: InProcessBroker } | { kind: 'nats'; servers: string; prefix: string };

/** Boots one service as a NestJS microservice on the given transport (queue group = service name). */
export async function startService(definition: ServiceDefinition, runtime: ServiceRuntime, transport: ServiceTransport): Promise<INestMicroservice> {
  const module = await buildServiceModule(definition, runtime);
  const log = rootLogger.child({ service: definition.name });
  const options: MicroserviceOptions =
    transport.kind === 'in-process'
      ? { strategy: new InProcessServer(transport.broker, log) }
      : { strategy: new NamespacedNatsServer({ servers: [transport.servers], queue: definition.name }, transport.prefix, log) };
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, { ...options, bufferLogs: true });
  app.useLogger(log);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  return app;
}

/** true while the service's own database answers (its readiness) */
export async function databaseAnswers(app: INestMicroservice): Promise<boolean> {
  await app.get(DataSource).query('SELECT 1');
  return true;
}
