import { NatsContext, ServerNats } from '@nestjs/microservices';
import { isObservable } from 'rxjs';
import type { PinoLogger } from '../logger.js';
import { withRequestId } from '../request-context.js';
import { requestIdOfMessage } from './nats-request-id.adapter.js';

/** the NATS subject of an RPC subject in a deployment's namespace (`RPC_PREFIX`; none: the bare subject) */
export const rpcSubject = (prefix: string, subject: string) => (prefix ? `${prefix}.${subject}` : subject);

/**
 * NestJS's NATS server with every request subject in the deployment's namespace: services of two
 * deployments (or two test runs) on one NATS server never answer each other's requests. Handlers
 * keep their contract subjects (`@MessagePattern(Rpc.identity.login)`); only the wire subject moves.
 * Each request is handled with the caller's request id (its `X-Request-Id` header) as the current one.
 * A request whose handler answers with a value (ours do) is answered directly, in NestJS's wire
 * format; the base class runs every reply through an rxjs pipeline and a deferred queue.
 */
export class NamespacedNatsServer extends ServerNats {
  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly prefix: string,
    private readonly log?: PinoLogger,
  ) {
    super(options);
  }

  override bindEvents(client: Parameters<ServerNats['bindEvents']>[0]) {
    // the base class only subscribes: each handler's subject, in the namespace
    super.bindEvents({ subscribe: (subject: string, options: object) => client.subscribe(rpcSubject(this.prefix, subject), options) });
  }

  override handleMessage(channel: string, natsMsg: Parameters<ServerNats['handleMessage']>[1]): Promise<unknown> {
    return withRequestId(requestIdOfMessage(natsMsg), () => {
      if (this.log?.debugging) this.log.debugWith('rpc', { subject: channel });
      return this.answer(channel, natsMsg);
    });
  }

  /**
   * `{response, isDisposed: true, id}` as NestJS's NATS server replies with a single value. Events,
   * requests without a handler or a reply subject, and handlers answering with an Observable (an
   * exception filter's error) go the base class's way.
   */
  private async answer(channel: string, natsMsg: Parameters<ServerNats['handleMessage']>[1]): Promise<unknown> {
    const handler = natsMsg.reply ? this.getHandlerByPattern(channel) : null;
    if (!handler) return super.handleMessage(channel, natsMsg);
    const message = natsMsg.json() as { pattern?: unknown; data?: unknown; id?: string };
    if (message.id === undefined || (message.pattern === undefined && message.data === undefined)) return super.handleMessage(channel, natsMsg);
    const ctx = new NatsContext([natsMsg.subject, natsMsg.headers]);
    const result: unknown = await handler(message.data, ctx);
    if (isObservable(result)) return this.send(result, this.getPublisher(natsMsg, message.id, ctx));
    natsMsg.respond(JSON.stringify({ response: result, isDisposed: true, id: message.id }));
  }

  /**
   * The channel is a registered pattern already: look it up as it is. The base class first tries
   * JSON.parse on it (for object patterns), which throws, and so builds an Error, on every request.
   */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? null;
  }
}
