import type { Logger } from 'typeorm';

/** where a query PostgreSQL refused is told: a message and its fields (the app's logger) */
export type QueryErrorSink = (message: string, fields: { sqlState?: string; error: string; query: string }) => void;

/** the most of a statement a log line shows */
export const LOGGED_QUERY_MAX_CHARS = 200;

/**
 * The services' TypeORM logger: a query PostgreSQL refuses is told once, through the app's logger
 * (a JSON line, not TypeORM's own console output), with its SQL state, PostgreSQL's message (not
 * for a data exception, whose message quotes the value) and the start of the statement, but never
 * its parameters (an email, a password hash, a message's text). The caller gets the error and
 * decides what it means (a duplicate refused, a deadlock retried; an unexpected one is logged
 * again as the request's 500). Nothing else is told.
 */
export class QueryErrorLogger implements Logger {
  constructor(private readonly sink: QueryErrorSink) {}

  logQueryError(error: string | Error, query: string): void {
    const code: unknown = typeof error === 'object' ? (error as Error & { code?: unknown }).code : undefined;
    const sqlState = typeof code === 'string' ? code : undefined;
    const message = typeof error === 'string' ? error : error.message;
    // a data exception's message quotes the value it refused ('invalid input syntax for type uuid: "…"')
    this.sink('query refused', { sqlState, error: sqlState?.startsWith('22') ? 'data exception' : message, query: query.replace(/\s+/g, ' ').trim().slice(0, LOGGED_QUERY_MAX_CHARS) });
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
