import { isRpcErrorBody, type RpcErrorBody, type RpcReply, type RpcRequest, type RpcSubject } from '@aero/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { InProcessBroker } from './in-process-broker.js';
import { rpcSubject } from './namespaced-nats.server.js';
import { requestIdHeaders } from './nats-request-id.adapter.js';

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
 * NATS request/reply on the deployment's namespace of request subjects (`RPC_PREFIX`, see
 * NamespacedNatsServer), speaking NestJS's NATS wire format (`{pattern, data, id}` in, `{err,
 * response, id}` out) so the services' NestJS NATS servers (queue groups) answer it. It uses the
 * NATS client's request() directly: one shared reply subscription for every call, where NestJS's
 * ClientNats subscribed and unsubscribed a reply inbox and ran an rxjs pipeline per call. The
 * current request id travels in the `X-Request-Id` header of every call.
 */
export class NatsRpcClient implements RpcClient {
  private connection?: Promise<NatsConnection>;
  private nextId = 0;
  constructor(
    private readonly servers: string,
    private readonly prefix: string,
    private readonly timeoutMs = 10_000,
  ) {}
  async send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
    try {
      const pattern = rpcSubject(this.prefix, subject);
      const nc = await this.connect();
      const msg = await nc.request(pattern, JSON.stringify({ pattern, data: data ?? {}, id: String(++this.nextId) }), { timeout: this.timeoutMs, headers: requestIdHeaders() });
      const reply = msg.json<{ err?: unknown; response?: RpcReply<S> }>();
      if (reply.err !== undefined && reply.err !== null) throw reply.err;
      return reply.response as RpcReply<S>;
    } catch (err) {
      throw toRpcError(err);
    }
  }
  async close() {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await (await connection.catch(() => undefined))?.close();
  }
  /** connects on first use, and again after a connection that failed or closed for good */
  private connect(): Promise<NatsConnection> {
    if (this.connection) return this.connection;
    // noAsyncTraces: the client otherwise builds two Error objects (stack traces) per request, in
    // case it fails; a failure here becomes an RpcError by its message, the stack is not kept
    const connection: Promise<NatsConnection> = connect({ servers: [this.servers], maxReconnectAttempts: -1, noAsyncTraces: true }).then(
      (nc) => {
        void nc.closed().then(() => {
          if (this.connection === connection) this.connection = undefined;
        });
        return nc;
      },
      (error: unknown) => {
        if (this.connection === connection) this.connection = undefined;
        throw error;
      },
    );
    this.connection = connection;
    return connection;
  }
}
