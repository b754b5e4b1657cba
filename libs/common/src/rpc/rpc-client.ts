import { isRpcErrorBody, type RpcErrorBody, type RpcReply, type RpcRequest, type RpcSubject } from '@aero/contracts';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { lastValueFrom, timeout } from 'rxjs';
import type { InProcessBroker } from './in-process-broker.js';
import { rpcSubject } from './namespaced-nats.server.js';
import { RequestIdNatsSerializer } from './nats-request-id.adapter.js';

/** A failed request: carries the typed body the service replied with. */
export class RpcError extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(body.message);
    this.name = 'RpcError';
  }
}

/** How the gateway (and services, rarely) call a service, typed by the RPC contract: `send(Rpc.identity.login, { email, password })`. */
export interface RpcClient {
  send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>>;
  close(): Promise<void>;
}

const toRpcError = (err: unknown): RpcError => {
  if (err instanceof RpcError) return err;
  if (isRpcErrorBody(err)) return new RpcError(err);
  const message = err instanceof Error ? err.message : String((err as { message?: unknown })?.message ?? err);
  if (/timeout|no responders|503/i.test(message)) return new RpcError({ status: 503, code: 'unavailable', message: 'Service unavailable, please try again' });
  return new RpcError({ status: 500, code: 'internal', message: 'Internal server error' });
};

/** Calls in this process: the handler runs in the caller's async context, so it has the caller's request id without a header. */
export class InProcessRpcClient implements RpcClient {
  constructor(private readonly broker: InProcessBroker) {}
  async send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
    try {
      return await this.broker.request<RpcReply<S>>(subject, data);
    } catch (err) {
      throw toRpcError(err);
    }
  }
  async close() {}
}

/**
 * NATS request/reply through NestJS's own NATS client (queue groups on the server side), on the
 * deployment's namespace of request subjects (`RPC_PREFIX`, see NamespacedNatsServer). The
 * current request id travels in the `X-Request-Id` header of every call.
 */
export class NatsRpcClient implements RpcClient {
  private readonly proxy: ClientProxy;
  constructor(
    servers: string,
    private readonly prefix: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.proxy = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [servers], serializer: new RequestIdNatsSerializer() } }) as ClientProxy;
  }
  async send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
    try {
      return await lastValueFrom(this.proxy.send<RpcReply<S>>(rpcSubject(this.prefix, subject), data ?? {}).pipe(timeout(this.timeoutMs)), { defaultValue: undefined as unknown as RpcReply<S> });
    } catch (err) {
      throw toRpcError(err);
    }
  }
  async close() {
    await this.proxy.close();
  }
}
