import type { Logger } from 'typeorm';
import { LOGGED_QUERY_MAX_CHARS, QueryErrorLogger } from './query-error-logger.js';

describe("the services' TypeORM logger", () => {
  const told: [string, Record<string, unknown>][] = [];
  // as TypeORM calls it
  const logger: Logger = new QueryErrorLogger((message, fields) => told.push([message, fields]));
  const refused = (message: string, code?: string) => Object.assign(new Error(message), { code });
  beforeEach(() => (told.length = 0));

  it("tells a refused query with its SQL state, PostgreSQL's message and the statement's start, never its parameters", () => {
    logger.logQueryError(refused('duplicate key value violates unique constraint "accounts_email_key"', '23505'), 'INSERT INTO identity.accounts\n   (email, password_hash) VALUES ($1, $2)', ['lena@example.com', '$argon2id$v=19$...']);
    expect(told).toEqual([['query refused', { sqlState: '23505', error: 'duplicate key value violates unique constraint "accounts_email_key"', query: 'INSERT INTO identity.accounts (email, password_hash) VALUES ($1, $2)' }]]);
    expect(JSON.stringify(told)).not.toMatch(/lena@example\.com|argon2/);
  });

  it("keeps a data exception's message out (it quotes the refused value), and a long statement short", () => {
    logger.logQueryError(refused('invalid input syntax for type uuid: "lena@example.com"', '22P02'), `SELECT * FROM t WHERE id = $1 ${'AND x = 1 '.repeat(50)}`, ['lena@example.com']);
    expect(told[0]![1]).toMatchObject({ sqlState: '22P02', error: 'data exception' });
    expect(String(told[0]![1].query)).toHaveLength(LOGGED_QUERY_MAX_CHARS);
    expect(JSON.stringify(told)).not.toContain('lena@example.com');
  });

  it('tells nothing else: no statement that ran, no slow one, no migration', () => {
    logger.logQuery('SELECT $1', ['secret']);
    logger.logQuerySlow(5000, 'SELECT $1', ['secret']);
    logger.logMigration('migrated');
    logger.logSchemaBuild('built');
    logger.log('warn', 'a warning');
    expect(told).toEqual([]);
  });
});
