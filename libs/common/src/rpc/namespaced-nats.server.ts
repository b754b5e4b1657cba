import { ServerNats } from '@nestjs/microservices';
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
      return super.handleMessage(channel, natsMsg);
    });
  }

  /**
   * The channel is a registered pattern already: look it up as it is. The base class first tries
   * JSON.parse on it (for object patterns), which throws, and so builds an Error, on every request.
   */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? null;
  }
}
