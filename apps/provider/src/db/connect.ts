/** @module connect — Kysely over PGlite (default, embedded) or PostgreSQL (DATABASE_URL); same SQL. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type ChangeFeed, createPgliteChangeFeed, createPostgresListener } from './change-feed.js';
import { createChangeFeedOutageLog, type OutageLogger } from './change-feed-outage-log.js';
import type { Database, Db } from './database.js';
import { openPgliteDir } from './pglite-data-dir.js';
import { PgliteDialect } from './pglite-dialect.js';
import { acquireDataDirLock, LOCK_FILE_NAME } from './pglite-lock.js';
import { PGLITE_OPTIONS } from './pglite-options.js';
import { createPreparedPgliteSession } from './pglite-prepared-session.js';
import { defaultPoolSize } from './pool-size.js';

/** An open database and how to close it. */
export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Notifications on `channel` (on PostgreSQL over the handle's one listening connection); close it before the handle. */
  changeFeed(channel: string): ChangeFeed;
  close(): Promise<void>;
  /** The pool's state (PostgreSQL; PGlite has one connection and no pool): the metrics read it. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** Where to connect. */
export type ConnectOptions =
  /**
   * `directUrl`: PostgreSQL itself when `url` is a transaction-pooling proxy (PgBouncer); the
   * change feeds LISTEN on it. Defaults to `url`. `logger`: where a change feed that stops
   * receiving notifications (so caches are off) is reported, once per outage.
   */
  | { kind: 'postgres'; url: string; directUrl?: string; poolSize?: number; logger?: OutageLogger }
  | { kind: 'pglite'; dataDir: string }
  /** `loadDataDir`: start from a dumped data directory (tests clone one migrated snapshot). */
  | ({ kind: 'pglite-memory' } & PgliteMemoryOptions);

/**
 * Opens a PostgreSQL pool; unreachable-server errors surface per query (and become 503s). The
 * pool's statements need no session state (locks are transaction-scoped, statements unnamed), so
 * `url` may be a transaction-pooling PgBouncer; LISTEN then goes to `directUrl`.
 */
function connectPostgres(
  url: string,
  poolSize: number,
  directUrl = url,
  logger: OutageLogger | undefined = undefined,
): DatabaseHandle {
  // A pooler is in front when the direct URL differs. PgBouncer refuses a connection whose
  // startup packet sets parameters it does not track, statement_timeout among them: the
  // server-side bound is then the role's setting or the pooler's query_timeout (docs/deploy.md).
  const behindPooler = directUrl !== url;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // Fail a query on a dead link instead of hanging the request (SECURITY J3).
    query_timeout: 15000,
    ...(behindPooler ? {} : { statement_timeout: 10000 }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // pg-pool drops its own error listener while a client is checked out, and Kysely adds none, so a
  // connection cut between two statements (a database restart) would be an uncaught 'error' that
  // kills the process. The statement in flight still fails (→ 503), and the dead client is not reused.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const outage = logger ? createChangeFeedOutageLog(logger, { directUrlSet: behindPooler }) : undefined;
  // One listening connection carries every channel's feed (it opens at the first subscriber).
  const listener = createPostgresListener(directUrl);
  return {
    db,
    kind: 'postgres',
    changeFeed: (channel) =>
      listener.feed(channel, outage ? { onStatus: (status) => outage(channel, status) } : {}),
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** What opening PGlite in memory may start from. */
export interface PgliteMemoryOptions {
  /** A dumped data directory (`dumpDataDir`) to load instead of running initdb. */
  loadDataDir?: Blob;
  /** PGlite's WebAssembly, compiled once by a caller that opens many instances (the tests). */
  wasmModule?: PGliteOptions['pgliteWasmModule'];
}

/** A PGlite instance in memory, with the provider's settings. */
export function openPgliteInMemory({ loadDataDir, wasmModule }: PgliteMemoryOptions = {}): Promise<PGlite> {
  return PGlite.create({
    ...PGLITE_OPTIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
  });
}

/**
 * Kysely and the change feed over an open PGlite. Closing the handle destroys Kysely, which ends
 * its session with `closeClient`: PGlite's own close, unless the caller keeps the instance (the
 * tests hand it to their next file).
 */
export function pgliteHandle(
  client: PGlite,
  closeClient: () => Promise<void> = () => client.close(),
): DatabaseHandle {
  const session = createPreparedPgliteSession(client);
  const db = new Kysely<Database>({ dialect: new PgliteDialect({ ...session, close: closeClient }) });
  return {
    db,
    kind: 'pglite',
    changeFeed: (channel) => createPgliteChangeFeed(client, channel),
    close: () => db.destroy(),
  };
}

async function connectPglite(
  dataDir: string | undefined,
  memory: PgliteMemoryOptions = {},
): Promise<DatabaseHandle> {
  if (dataDir === undefined) return pgliteHandle(await openPgliteInMemory(memory));
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(join(dataDir, '..', LOCK_FILE_NAME));
  let client: PGlite;
  try {
    client = await openPgliteDir(dataDir);
  } catch (error) {
    release();
    throw error;
  }
  const handle = pgliteHandle(client);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      release();
    },
  };
}

/** Opens the database described by `options`. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  switch (options.kind) {
    case 'postgres':
      return connectPostgres(
        options.url,
        options.poolSize ?? defaultPoolSize(),
        options.directUrl,
        options.logger,
      );
    case 'pglite':
      return connectPglite(options.dataDir);
    case 'pglite-memory':
      return connectPglite(undefined, options);
  }
}
