import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type DynamicModule, Inject, Injectable, type InjectionToken, type Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { EntityManager } from 'typeorm';

const TX_HOST = Symbol('TransactionHost');

/**
 * The transaction of the current unit of work, carried in async context (nestjs-cls with its
 * transactional plugin and TypeORM adapter): repositories read `manager` and join whatever unit
 * of work is running, without a parameter. Each service has its own (its connection name is the
 * service name), so six services in one process never see each other's transaction.
 */
@Injectable()
export class Transactions {
  constructor(@Inject(TX_HOST) private readonly host: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** the current transaction's EntityManager, or the plain one outside a unit of work */
  get manager(): EntityManager {
    return this.host.tx;
  }

  get active(): boolean {
    return this.host.isTransactionActive();
  }

  /** runs `fn` in a transaction (joining the current one when there is one) */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.host.withTransaction(fn);
  }
}

/**
 * nestjs-cls registers a global guard and a global interceptor whether or not they are mounted;
 * not mounted (as here: no guard or interceptor options), they let everything through, yet put
 * every RPC call through Nest's guard step and its rxjs interceptor pipeline. Left out.
 */
function withoutIdleEnhancers(module: DynamicModule): DynamicModule {
  const idle = (p: Provider) => typeof p === 'object' && 'provide' in p && (p.provide === APP_GUARD || p.provide === APP_INTERCEPTOR);
  const root = module.imports?.[0] as DynamicModule | undefined;
  if (!root?.providers?.some(idle)) throw new Error('nestjs-cls no longer registers its global guard and interceptor as expected: check withoutIdleEnhancers');
  return { ...module, imports: [{ ...root, providers: root.providers.filter((p) => !idle(p)) }, ...(module.imports ?? []).slice(1)] };
}

/**
 * nestjs-cls with the transactional plugin for the service's DataSource (from `database`), and
 * the providers of `Transactions`. The plugin packages are CommonJS that require the ESM-only
 * NestJS: they are loaded on demand, once NestJS itself is loaded.
 */
export async function transactionsModule(connectionName: string, database: DynamicModule, dataSourceToken: InjectionToken): Promise<{ module: DynamicModule; providers: Provider[] }> {
  const [{ ClsModule }, { ClsPluginTransactional, getTransactionHostToken }, { TransactionalAdapterTypeOrm }] = await Promise.all([
    import('nestjs-cls'),
    import('@nestjs-cls/transactional'),
    import('@nestjs-cls/transactional-adapter-typeorm'),
  ]);
  const module = ClsModule.forRoot({
    global: true,
    plugins: [new ClsPluginTransactional({ connectionName, imports: [database], adapter: new TransactionalAdapterTypeOrm({ dataSourceToken }) })],
  });
  return { module: withoutIdleEnhancers(module), providers: [{ provide: TX_HOST, useExisting: getTransactionHostToken(connectionName) }, Transactions] };
}
