import { Rpc } from '@aero/contracts';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, type MicroserviceOptions } from '@nestjs/microservices';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { currentRequestId, REQUEST_ID_HEADER, withRequestId } from '../src/request-context.js';
import { NamespacedNatsServer, rpcSubject } from '../src/rpc/namespaced-nats.server.js';
import { NatsRpcClient } from '../src/rpc/nats-rpc-client.adapter.js';
import { RpcError } from '../src/rpc/rpc-client.js';
import { RpcErrorFilter } from '../src/rpc/rpc-error.filter.js';
import { notFound } from '@aero/contracts';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
// any contract subjects: the services here are stand-ins
const SUBJECT = Rpc.notifications.pushPublicKey;
const FAILING = Rpc.notifications.removePushSubscription;

@Controller()
class StandInController {
  @MessagePattern(SUBJECT)
  answer(@Payload() data: unknown) {
    return { echo: data, requestId: currentRequestId() ?? null };
  }

  @MessagePattern(FAILING)
  fail() {
    throw notFound('No such subscription', 'not_found');
  }
}
@Module({ controllers: [StandInController] })
class StandInModule {}

/** The RPC client on its own reply subscription, against a NestJS service on NamespacedNatsServer and raw responders. */
describe('RPC over NATS', () => {
  const prefix = `t${randomUUID().slice(0, 8)}`;
  let service: INestMicroservice;
  let nc: NatsConnection;
  let client: NatsRpcClient;

  beforeAll(async () => {
    service = await NestFactory.createMicroservice<MicroserviceOptions>(StandInModule, { strategy: new NamespacedNatsServer({ servers: [servers], queue: 'stand-in' }, prefix), logger: false });
    service.useGlobalFilters(new RpcErrorFilter());
    await service.listen();
    nc = await connect({ servers });
    client = new NatsRpcClient(servers, prefix, 500);
  });
  afterAll(async () => {
    await client.close();
    await nc.close();
    await service.close();
  });

  it('answers with the handler’s value, in NestJS’s wire format, with the caller’s request id', async () => {
    expect(await client.send(SUBJECT, {})).toEqual({ echo: {}, requestId: null });
    expect(await withRequestId('req-123', () => client.send(SUBJECT, {}))).toEqual({ echo: {}, requestId: 'req-123' });
    const raw = await nc.request(rpcSubject(prefix, SUBJECT), JSON.stringify({ pattern: SUBJECT, data: { a: 1 }, id: '7' }), { timeout: 2000 });
    expect(raw.json()).toEqual({ response: { echo: { a: 1 }, requestId: null }, isDisposed: true, id: '7' });
  });

  it('many calls in flight each get their own reply', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => withRequestId(`r${i}`, () => client.send(SUBJECT, {}))));
    expect(replies.map((r) => (r as unknown as { requestId: string }).requestId)).toEqual(Array.from({ length: 50 }, (_, i) => `r${i}`));
  });

  it('a failure is the typed error the service replied with', async () => {
    const failure = await client.send(FAILING, { userId: 'u', endpoint: 'https://push.example/1' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcError);
    expect((failure as RpcError).body).toEqual({ status: 404, code: 'not_found', message: 'No such subscription' });
  });

  it('a subject nobody serves answers 503 at once, one nobody answers 503 after the timeout', async () => {
    const started = Date.now();
    const none = await client.send(Rpc.notifications.savePushSubscription, { userId: 'u', endpoint: 'x', keys: { p256dh: 'a', auth: 'b' }, sessionTag: 's', expiresAt: new Date().toISOString() }).catch((e: unknown) => e);
    expect((none as RpcError).body.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(400);

    const silent = nc.subscribe(rpcSubject(prefix, Rpc.notifications.list), { callback: () => {} });
    await nc.flush();
    const late = await client.send(Rpc.notifications.list, { userId: 'u' }).catch((e: unknown) => e);
    expect((late as RpcError).body.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    silent.unsubscribe();
  });

  it('carries the request id in the X-Request-Id header', async () => {
    const subject = rpcSubject(prefix, Rpc.notifications.unreadCount);
    const seen: Array<string | undefined> = [];
    const sub = nc.subscribe(subject, { callback: (_e, m) => {
        seen.push(m.headers?.get(REQUEST_ID_HEADER));
        m.respond(JSON.stringify({ response: { count: 3 }, isDisposed: true }));
      },
    });
    await nc.flush();
    expect(await withRequestId('abc-1', () => client.send(Rpc.notifications.unreadCount, { userId: 'u' }))).toEqual({ count: 3 });
    expect(seen).toEqual(['abc-1']);
    sub.unsubscribe();
  });
});
