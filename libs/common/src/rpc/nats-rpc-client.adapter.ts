import { ErrorCodes, type RpcReply, type RpcRequest, type RpcSubject } from '@aero/contracts';
import { connect, createInbox, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { rpcSubject } from './namespaced-nats.server.js';
import { requestIdHeaders } from './nats-request-id.adapter.js';
import { RpcError, type RpcClient, toRpcError } from './rpc-client.js';

/** a call waiting for its reply */
interface Pending {
  resolve(reply: unknown): void;
  reject(error: unknown): void;
  /** when it times out (ms, performance.now()) */
  deadline: number;
}

/** the reply of a call nobody answers in time, or of one without a responder (a 503 status from the server) */
const unavailable = () => new RpcError({ status: 503, code: ErrorCodes.unavailable, message: 'Service unavailable, please try again' });

/** One NATS connection with the reply subscription all of its calls share. */
interface Link {
  nc: NatsConnection;
  inbox: string;
  sub: Subscription;
}

/**
 * NATS request/reply on the deployment's namespace of request subjects (`RPC_PREFIX`, see
 * NamespacedNatsServer), speaking NestJS's NATS wire format (`{pattern, data, id}` in, `{err,
 * response, id}` out) so the services' NestJS NATS servers (queue groups) answer it. The current
 * request id travels in the `X-Request-Id` header of every call.
 *
 * Replies come back on one wildcard inbox subscription (`<inbox>.<call>`), matched to their call
 * in a map; a sweep once a second fails the calls past their timeout. Per call: the request's JSON
 * and one publish. (The NATS client's own request() also keeps one reply subscription, but builds
 * a request object, a timer, a Promise.race and, on every reply, an Error to reject the settled
 * call with: a third of this client's CPU time under load.)
 */
export class NatsRpcClient implements RpcClient {
  private link?: Link;
  private connecting?: Promise<Link>;
  private nextId = 0;
  private readonly pending = new Map<string, Pending>();
  private sweeper?: NodeJS.Timeout;
  /** the start of each subject's request JSON, `{"pattern":"…","data":` */
  private readonly heads = new Map<string, { pattern: string; head: string }>();

  constructor(
    private readonly servers: string,
    private readonly prefix: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
    const link = this.link ?? (await this.connected());
    let head = this.heads.get(subject);
    if (!head) {
      const pattern = rpcSubject(this.prefix, subject);
      head = { pattern, head: `{"pattern":${JSON.stringify(pattern)},"data":` };
      this.heads.set(subject, head);
    }
    const id = String(++this.nextId);
    const payload = `${head.head}${JSON.stringify(data ?? {})},"id":"${id}"}`;
    return new Promise<RpcReply<S>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (reply: unknown) => void, reject, deadline: performance.now() + this.timeoutMs });
      try {
        link.nc.publish(head.pattern, payload, { reply: `${link.inbox}${id}`, headers: requestIdHeaders() });
      } catch (err) {
        this.pending.delete(id);
        reject(toRpcError(err));
      }
    });
  }

  async close() {
    const connecting = this.connecting;
    this.connecting = undefined;
    this.link = undefined;
    const link = await connecting?.catch(() => undefined);
    if (link) await link.nc.close();
    this.failAll(unavailable());
  }

  private async connected(): Promise<Link> {
    try {
      return await this.connect();
    } catch (err) {
      throw toRpcError(err);
    }
  }

  /** a reply on the inbox: its call's id is the subject's last token */
  private onReply(msg: Msg) {
    const id = msg.subject.slice(msg.subject.lastIndexOf('.') + 1);
    const call = this.pending.get(id);
    if (!call) return; // timed out already
    this.pending.delete(id);
    // no responder for the subject: the server answers with an empty 503 status message
    if (msg.data.length === 0 && msg.headers?.code === 503) return call.reject(unavailable());
    try {
      const reply = msg.json<{ err?: unknown; response?: unknown }>();
      if (reply.err !== undefined && reply.err !== null) call.reject(toRpcError(reply.err));
      else call.resolve(reply.response);
    } catch (err) {
      call.reject(toRpcError(err));
    }
  }

  private sweep() {
    const now = performance.now();
    for (const [id, call] of this.pending) {
      if (call.deadline > now) continue;
      this.pending.delete(id);
      call.reject(unavailable());
    }
  }

  private failAll(error: RpcError) {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** connects on first use, and again after a connection that failed or closed for good */
  private connect(): Promise<Link> {
    if (this.connecting) return this.connecting;
    // noAsyncTraces: the client otherwise builds Error objects (stack traces) per message, in case
    // something fails; a failure here becomes an RpcError by its message, the stack is not kept
    const connecting: Promise<Link> = connect({ servers: [this.servers], maxReconnectAttempts: -1, noAsyncTraces: true }).then(
      (nc) => {
        const inbox = `${createInbox()}.`;
        const sub = nc.subscribe(`${inbox}*`, { callback: (err, msg) => {
          if (!err) this.onReply(msg);
        } });
        const link = { nc, inbox, sub };
        if (this.connecting === connecting) this.link = link;
        this.sweeper ??= setInterval(() => this.sweep(), Math.min(1000, this.timeoutMs)).unref();
        void nc.closed().then(() => {
          if (this.connecting !== connecting) return;
          this.connecting = undefined;
          this.link = undefined;
          this.failAll(unavailable());
        });
        return link;
      },
      (error: unknown) => {
        if (this.connecting === connecting) this.connecting = undefined;
        throw error;
      },
    );
    this.connecting = connecting;
    return connecting;
  }
}
