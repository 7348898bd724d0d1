/** @module pglite-dialect — Kysely over one PGlite instance: its single session, handed out one holder at a time. */
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What the dialect needs of PGlite; its own class, or a proxy to one in a worker thread. */
export interface PgliteSession {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  close(): Promise<void>;
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly session: PgliteSession) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.session.query(
      compiled.sql,
      // PGlite only reads the parameters.
      compiled.parameters as unknown[],
    );
    return affectedRows
      ? { rows: rows as R[], numAffectedRows: BigInt(affectedRows) }
      : { rows: rows as R[] };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

/**
 * PGlite is one PostgreSQL session, so a transaction owns it from BEGIN to COMMIT: the driver
 * hands its one connection to one holder at a time and queues the rest in arrival order.
 */
class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private held = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly session: PgliteSession) {
    this.connection = new PgliteConnection(session);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel
      ? `start transaction isolation level ${settings.isolationLevel}`
      : 'begin';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.session.close();
  }
}

/** The Kysely dialect of a PGlite session (PostgreSQL SQL, one connection). */
export class PgliteDialect implements Dialect {
  constructor(private readonly session: PgliteSession) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.session);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes any schema.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
