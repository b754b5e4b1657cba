import { NatsRpcClient, openInfrastructure, type ServiceDefinition, startService } from '@aero/common';
import type { Settings } from '@aero/config';
import { type CallHandler, type ExecutionContext, type INestMicroservice, type NestInterceptor } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { NatsContext } from '@nestjs/microservices';
import type { Observable } from 'rxjs';

export interface ServiceReplica {
  app: INestMicroservice;
  close(): Promise<void>;
}

/**
 * One more replica of a service in this process, started as `runServiceProcess` starts one on
 * its own: its own infrastructure (event bus connection, jobs, key-value) and NATS connections
 * from the same settings as the test gateway (database, stream, Redis prefix), so it joins the
 * service's queue group and its durable consumers. Close it before the gateway.
 */
export async function startServiceReplica(definition: ServiceDefinition, settings: Settings): Promise<ServiceReplica> {
  if (!settings.natsUrl) throw new Error('a second replica needs NATS (distributed mode)');
  const infra = await openInfrastructure(settings, { name: `${definition.name}-replica`, services: [definition.name] });
  const rpc = new NatsRpcClient(settings.natsUrl, settings.rpcPrefix);
  let app: INestMicroservice;
  try {
    app = await startService(definition, infra.runtimeFor(definition.name, rpc), { kind: 'nats', servers: settings.natsUrl, prefix: settings.rpcPrefix });
  } catch (err) {
    await rpc.close();
    await infra.close();
    throw err;
  }
  return {
    app,
    async close() {
      await app.close();
      await rpc.close();
      await infra.close();
    },
  };
}

/** counts the NATS requests one service replica handled, by subject */
export class RequestCounter implements NestInterceptor {
  readonly counts = new Map<string, number>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'rpc') {
      const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
      this.counts.set(subject, (this.counts.get(subject) ?? 0) + 1);
    }
    return next.handle();
  }

  /** requests on the contract subject `subject` (on the wire it carries the deployment's RPC prefix) */
  handled(subject: string): number {
    let n = 0;
    for (const [wire, count] of this.counts) if (wire === subject || wire.endsWith(`.${subject}`)) n += count;
    return n;
  }
}

/**
 * The service's definition with a global interceptor that counts the requests handled: every
 * replica started from it gets a counter of its own, in `counters` in the order they started.
 */
export function countingRequests(definition: ServiceDefinition): { definition: ServiceDefinition; counters: RequestCounter[] } {
  const counters: RequestCounter[] = [];
  const counting = {
    provide: APP_INTERCEPTOR,
    useFactory: () => {
      const counter = new RequestCounter();
      counters.push(counter);
      return counter;
    },
  };
  return { definition: { ...definition, providers: [...definition.providers, counting] }, counters };
}
