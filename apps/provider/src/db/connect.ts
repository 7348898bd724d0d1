/** @module connect — Kysely over PGlite (default, embedded) or PostgreSQL (DATABASE_URL); same SQL. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type ChangeFeed, createPgliteChangeFeed, createPostgresChangeFeed } from './change-feed.js';
import type { Database, Db } from './database.js';
import { acquireDataDirLock } from './pglite-lock.js';

/** An open database and how to close it. */
export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Notifications on `channel` (a dedicated listening connection on PostgreSQL); close it before the handle. */
  changeFeed(channel: string): ChangeFeed;
  close(): Promise<void>;
}

/** Where to connect. */
export type ConnectOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

/** Opens a PostgreSQL pool; unreachable-server errors surface per query (and become 503s). */
function connectPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // Fail a query on a dead link instead of hanging the request (SECURITY J3).
    query_timeout: 15000,
    statement_timeout: 10000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // pg-pool drops its own error listener while a client is checked out, and Kysely adds none, so a
  // connection cut between two statements (a database restart) would be an uncaught 'error' that
  // kills the process. The statement in flight still fails (→ 503), and the dead client is not reused.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    changeFeed: (channel) => createPostgresChangeFeed(url, channel),
    close: () => db.destroy(),
  };
}

async function connectPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let release = (): void => {};
  let client: PGlite;
  if (dataDir === undefined) {
    client = await PGlite.create();
  } else {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(join(dataDir, '..', 'pglite.lock'));
    try {
      client = await PGlite.create(dataDir);
    } catch (error) {
      release();
      throw error;
    }
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    changeFeed: (channel) => createPgliteChangeFeed(client, channel),
    close: async () => {
      await db.destroy();
      release();
    },
  };
}

/** Opens the database described by `options`. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  switch (options.kind) {
    case 'postgres':
      return connectPostgres(options.url, options.poolSize ?? 10);
    case 'pglite':
      return connectPglite(options.dataDir);
    case 'pglite-memory':
      return connectPglite(undefined);
  }
}
