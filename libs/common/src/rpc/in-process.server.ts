import { BaseRpcContext, type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { PinoLogger } from '../logger.js';
import type { InProcessBroker } from './in-process-broker.js';

/**
 * NestJS transport strategy that serves @MessagePattern handlers on the in-process broker. A call
 * is a function call in the caller's async context: the handler sees the caller's request id as is.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private unregister: Array<() => void> = [];

  constructor(
    private readonly broker: InProcessBroker,
    private readonly log?: PinoLogger,
  ) {
    super();
  }

  listen(callback: () => void) {
    for (const [pattern, handler] of this.getHandlers()) {
      if (handler.isEventHandler) continue;
      this.unregister.push(
        this.broker.register(pattern, (data) => {
          if (this.log?.debugging) this.log.debugWith('rpc', { subject: pattern });
          // a plain value (what our handlers return) needs no rxjs round trip
          return Promise.resolve(handler(data, new BaseRpcContext([pattern]))).then((result: unknown) => (isObservable(result) ? lastValueFrom(result, { defaultValue: undefined }) : result));
        }),
      );
    }
    callback();
  }

  close() {
    this.unregister.forEach((u) => u());
    this.unregister = [];
  }

  on() {
    /* no broker events in-process */
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}
