import { BaseRpcContext, type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import type { InProcessBroker } from './in-process-broker.js';

/** NestJS transport strategy that serves @MessagePattern handlers on the in-process broker. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private unregister: Array<() => void> = [];

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  listen(callback: () => void) {
    for (const [pattern, handler] of this.getHandlers()) {
      if (handler.isEventHandler) continue;
      this.unregister.push(
        this.broker.register(pattern, async (data) => {
          const result = await handler(data, new BaseRpcContext([pattern]));
          return lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
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
