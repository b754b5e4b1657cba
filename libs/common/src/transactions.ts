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

  /**
   * Holds advisory locks on `keys` until the transaction ends (`shared`: beside other shared
   * holders; `exclusive`: alone), all in one statement and in one order (the keys' hashes sorted),
   * so two transactions taking several cannot deadlock. The order is certain: the hashes sorted
   * into an array (an ordered aggregate), then locked one per step of a recursive query, each step
   * after the one before (a SELECT of the locks over a sorted subquery follows its order only as
   * long as the planner keeps it).
   */
  async lockInOrder(keys: readonly string[], mode: 'shared' | 'exclusive' = 'exclusive'): Promise<void> {
    if (!keys.length) return;
    const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
    await this.manager.query(
      `WITH RECURSIVE keys AS (SELECT array_agg(DISTINCT hashtext(k) ORDER BY hashtext(k)) AS a FROM unnest($1::text[]) AS k),
        locked AS (SELECT 0 AS i UNION ALL SELECT locked.i + 1 FROM locked, keys WHERE locked.i < cardinality(keys.a) AND ${lock}(keys.a[locked.i + 1]) IS NOT NULL)
       SELECT count(*) FROM locked`,
      [keys],
    );
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
