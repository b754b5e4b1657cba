import { loadSettings } from '@aero/config';
import { deadLetterSubject, type DeadLetterPayload, type EventEnvelope, OutboxRelay, outboxInboxSql } from '@aero/event-bus';
import { createTestDatabase, eventually, type TestDatabase } from '@aero/testing';
import { defaultMemberSettings, Events } from '@aero/contracts';
import { type INestApplicationContext, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { InProcessBroker } from '../src/rpc/in-process-broker.js';
import { InProcessRpcClient } from '../src/rpc/rpc-client.js';
import { openInfrastructure, type Infrastructure } from '../src/runtime.js';
import { buildServiceModule, type DomainEventHandler, DomainEvents, type ServiceDefinition, UnitOfWork } from '../src/service-host.js';
import type { DomainEvent } from '../src/events/domain-event.js';
import { withRequestId } from '../src/request-context.js';
import { Transactions } from '../src/transactions.js';
import { logTo } from '../src/logger.js';
import { jest } from '@jest/globals';
import { Writable } from 'node:stream';

/** a migration class (TypeORM instantiates it) making the service's schema, outbox and a table */
const schemaFor = (name: string) =>
  class implements MigrationInterface {
    name = `Things${name}1700000000000`;
    async up(q: QueryRunner) {
      await q.query(`CREATE SCHEMA IF NOT EXISTS ${name}`);
      for (const sql of outboxInboxSql(name)) await q.query(sql);
      await q.query(`CREATE TABLE ${name}.things (id int PRIMARY KEY)`);
    }
    async down() {}
  };

/** what a consumer of identity.member.warned was handed (by handleMany: `batches`) */
const warnings: DomainEvent<typeof Events.identity.memberWarned>[] = [];
const batches: string[][] = [];
@Injectable()
class RecordWarningsHandler implements DomainEventHandler<typeof Events.identity.memberWarned> {
  readonly consumer = 'profiles.record-warnings';
  readonly subjects = [Events.identity.memberWarned];
  async handle(event: DomainEvent<typeof Events.identity.memberWarned>) {
    warnings.push(event);
  }
  async handleMany(events: DomainEvent<typeof Events.identity.memberWarned>[]) {
    batches.push(events.map((e) => e.id));
    warnings.push(...events);
  }
}

/** a consumer that emits an event of its own in its unit of work */
@Injectable()
class EchoWarningsHandler implements DomainEventHandler<typeof Events.identity.memberWarned> {
  readonly consumer = 'profiles.echo-warnings';
  readonly subjects = [Events.identity.memberWarned];
  constructor(private readonly events: DomainEvents) {}
  async handle(event: DomainEvent<typeof Events.identity.memberWarned>) {
    await this.events.emit(Events.profiles.settingsChanged, { userId: event.payload.userId, revision: 1, settings: defaultMemberSettings() });
  }
}

const service = (name: 'identity' | 'profiles'): ServiceDefinition => ({
  name,
  controllers: [],
  providers: [],
  entities: [],
  migrations: [schemaFor(name)],
  eventHandlers: name === 'profiles' ? [RecordWarningsHandler, EchoWarningsHandler] : [],
});
const warned = () => ({ userId: randomUUID(), caseId: randomUUID() });

/**
 * The unit of work as the services use it: the transaction travels in async context, so a
 * repository-like write and `DomainEvents.emit` inside `run` commit or roll back together, and
 * two services in one process (single-node mode) never see each other's transaction.
 */
describe('UnitOfWork and DomainEvents (real PostgreSQL)', () => {
  let db: TestDatabase;
  let infra: Infrastructure;
  let dataDir: string;
  const apps: INestApplicationContext[] = [];
  const parts = (app: INestApplicationContext) => ({ uow: app.get(UnitOfWork), events: app.get(DomainEvents), tx: app.get(Transactions) });

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'aero-uow-'));
    const settings = loadSettings({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    infra = await openInfrastructure(settings, { name: 'uow-test', services: ['identity', 'profiles'] });
    const rpc = new InProcessRpcClient(new InProcessBroker());
    for (const name of ['identity', 'profiles'] as const) {
      apps.push(await NestFactory.createApplicationContext(await buildServiceModule(service(name), infra.runtimeFor(name, rpc)), { logger: false, abortOnError: false }));
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await infra?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = (app: INestApplicationContext, sql: string) => parts(app).tx.manager.query(sql).then((r: { n: number }[]) => Number(r[0].n));

  it("tells a query PostgreSQL refused once, through the app's logger, with its SQL state and never its parameters", async () => {
    const { tx } = parts(apps[0]);
    const lines: string[] = [];
    const restore = logTo(new Writable({ write: (chunk, _enc, done) => done(void lines.push(String(chunk))) }) as never, 'warn');
    const console_ = [jest.spyOn(console, 'log'), jest.spyOn(console, 'error'), jest.spyOn(console, 'warn'), jest.spyOn(console, 'info')];
    const secret = 'lena.private@example.com';
    try {
      await tx.manager.query('INSERT INTO identity.things (id) VALUES (71)');
      // the same key again: refused (23505), with a parameter that must not reach the log
      await expect(tx.manager.query(`INSERT INTO identity.things (id) SELECT 71 WHERE $1::text IS NOT NULL`, [secret])).rejects.toThrow(/duplicate key/);
    } finally {
      restore();
      for (const spy of console_) spy.mockRestore();
      await tx.manager.query('DELETE FROM identity.things WHERE id = 71');
    }
    const refused = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'query refused');
    expect(refused).toEqual([expect.objectContaining({ level: 40, service: 'identity', sqlState: '23505', error: expect.stringContaining('duplicate key'), query: 'INSERT INTO identity.things (id) SELECT 71 WHERE $1::text IS NOT NULL' })]);
    expect(lines.join('')).not.toContain(secret);
    // and nothing on the console (TypeORM's own logger wrote the statement with its parameters there)
    expect(console_.flatMap((spy) => spy.mock.calls)).toEqual([]);
  });

  it('commits the state change and its event together', async () => {
    const { uow, events, tx } = parts(apps[0]);
    await uow.run(async () => {
      await tx.manager.query('INSERT INTO identity.things (id) VALUES (1)');
      await events.emit(Events.identity.memberWarned, warned());
    });
    expect(await count(apps[0], 'SELECT count(*) AS n FROM identity.things')).toBe(1);
    expect(await count(apps[0], `SELECT count(*) AS n FROM identity.outbox WHERE subject = '${Events.identity.memberWarned}' AND version = 1`)).toBe(1);
  });

  it('refuses a payload that breaks its contract, and the work with it', async () => {
    const { uow, events, tx } = parts(apps[0]);
    await expect(
      uow.run(async () => {
        await tx.manager.query('INSERT INTO identity.things (id) VALUES (3)');
        await events.emit(Events.identity.memberWarned, { userId: 'me', caseId: randomUUID() });
      }),
    ).rejects.toThrow('identity.member.warned payload breaks its contract: userId: userId must be a UUID');
    expect(await count(apps[0], 'SELECT count(*) AS n FROM identity.things WHERE id = 3')).toBe(0);
  });

  it('rolls both back when the work fails', async () => {
    const { uow, events, tx } = parts(apps[0]);
    await expect(
      uow.run(async () => {
        await tx.manager.query('INSERT INTO identity.things (id) VALUES (2)');
        await events.emit(Events.identity.accountDeleted, { accountId: randomUUID(), revision: 2 });
        throw new Error('rule refused');
      }),
    ).rejects.toThrow('rule refused');
    expect(await count(apps[0], 'SELECT count(*) AS n FROM identity.things WHERE id = 2')).toBe(0);
    expect(await count(apps[0], `SELECT count(*) AS n FROM identity.outbox WHERE subject = '${Events.identity.accountDeleted}'`)).toBe(0);
  });

  it('emits several events in one go, in order, each with its request id (else the current one)', async () => {
    const { uow, events, tx } = parts(apps[0]);
    const payloads = [warned(), warned(), warned()];
    await withRequestId('current-action', () =>
      uow.run(() =>
        events.emitMany(Events.identity.memberWarned, [
          { payload: payloads[0]!, requestId: 'first-action' },
          { payload: payloads[1]! },
          { payload: payloads[2]!, requestId: 'not safe!' },
        ]),
      ),
    );
    const rows = await tx.manager.query(`SELECT payload, request_id, version FROM identity.outbox WHERE payload->>'userId' = ANY($1) ORDER BY seq`, [payloads.map((p) => p.userId)]);
    expect(rows).toEqual([
      { payload: payloads[0], request_id: 'first-action', version: 1 },
      { payload: payloads[1], request_id: 'current-action', version: 1 },
      { payload: payloads[2], request_id: 'current-action', version: 1 },
    ]);
    await expect(uow.run(() => events.emitMany(Events.identity.memberWarned, [{ payload: warned() }, { payload: { userId: 'me', caseId: randomUUID() } }]))).rejects.toThrow(
      'identity.member.warned payload breaks its contract: userId: userId must be a UUID',
    );
  });

  it("hands a batch of events to a handler's handleMany, each once and in order", async () => {
    const sent = [warned(), warned(), warned()].map((payload): EventEnvelope => ({ id: randomUUID(), subject: Events.identity.memberWarned, schemaVersion: 1, occurredAt: new Date().toISOString(), payload }));
    batches.length = 0;
    await infra.bus.publish([...sent, sent[1]!]);
    const ids = sent.map((e) => e.id);
    await eventually(() => ids.every((id) => warnings.some((w) => w.id === id)), 10_000, 'the three warnings');
    expect(warnings.filter((w) => ids.includes(w.id)).map((w) => w.id)).toEqual(ids);
    // (with what the relay published meanwhile)
    expect(batches.some((batch) => ids.every((id) => batch.includes(id)))).toBe(true);
    expect(batches.flat().filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('refuses an event outside a unit of work (it would never be published)', async () => {
    await expect(parts(apps[0]).events.emit(Events.identity.memberWarned, warned())).rejects.toThrow('outside a unit of work');
  });

  it("keeps each service's transaction its own, even nested in another's", async () => {
    const identity = parts(apps[0]);
    const profiles = parts(apps[1]);
    await identity.uow.run(async () => {
      expect(identity.tx.active).toBe(true);
      expect(profiles.tx.active).toBe(false);
      await profiles.uow.run(async () => {
        await profiles.tx.manager.query('INSERT INTO profiles.things (id) VALUES (7)');
      });
      await identity.tx.manager.query('INSERT INTO identity.things (id) VALUES (7)');
      throw new Error('identity rolls back');
    }).catch(() => undefined);
    expect(await count(apps[1], 'SELECT count(*) AS n FROM profiles.things WHERE id = 7')).toBe(1);
    expect(await count(apps[0], 'SELECT count(*) AS n FROM identity.things WHERE id = 7')).toBe(0);
  });

  it('hands a consumer only events that keep their contract, and dead-letters the others at once', async () => {
    const deadLetters: DeadLetterPayload[] = [];
    const watch = await infra.bus.subscribe({
      consumer: 'test.watch-dead-letters',
      subjects: [deadLetterSubject('profiles.record-warnings')],
      handle: async (e) => void deadLetters.push(e.payload as DeadLetterPayload),
    });
    const envelope = (payload: object, schemaVersion = 1): EventEnvelope => ({ id: randomUUID(), subject: Events.identity.memberWarned, schemaVersion, occurredAt: new Date().toISOString(), payload });
    const broken = envelope({ userId: randomUUID() });
    const newer = envelope(warned(), 2);
    const valid = envelope(warned());
    await infra.bus.publish([broken, newer, valid]);

    await eventually(() => warnings.some((w) => w.id === valid.id) && deadLetters.length === 2, 10_000, 'the valid event handled, the others dead-lettered');
    await watch.stop();
    expect(warnings.map((w) => w.id)).not.toContain(broken.id);
    expect(warnings.map((w) => w.id)).not.toContain(newer.id);
    expect(deadLetters.map((d) => [d.event.id, d.deliveries, d.error])).toEqual([
      [broken.id, 1, 'identity.member.warned payload breaks its contract: caseId: caseId must be a UUID'],
      [newer.id, 1, 'identity.member.warned of schema version 2; this consumer reads version 1'],
    ]);
  });

  it("wakes the relay once a consumer's unit of work has committed, so what its handler emitted is published at once", async () => {
    const relay = apps[1].get(OutboxRelay);
    const profiles = parts(apps[1]);
    const kick = relay.kick.bind(relay);
    const kicks: { inTransaction: boolean }[] = [];
    relay.kick = () => {
      kicks.push({ inTransaction: profiles.tx.active });
      kick();
    };
    try {
      const userId = randomUUID();
      await infra.bus.publish([{ id: randomUUID(), subject: Events.identity.memberWarned, schemaVersion: 1, occurredAt: new Date().toISOString(), payload: { userId, caseId: randomUUID() } }]);
      const emitted = `SELECT count(*) AS n FROM profiles.outbox WHERE subject = '${Events.profiles.settingsChanged}' AND payload->>'userId' = '${userId}'`;
      await eventually(async () => kicks.length > 0 && (await count(apps[1], emitted)) === 1, 10_000, 'the echo committed and the relay woken');
      // a wake-up inside the transaction would find nothing committed yet and leave the event to the next poll
      expect(kicks.every((k) => !k.inTransaction)).toBe(true);
    } finally {
      relay.kick = kick;
    }
  });
});
