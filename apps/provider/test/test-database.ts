/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL, so one suite runs against both targets.
 * Each is a clone of the database global-setup.ts migrated once for the run (when it ran), then
 * brought to the latest migration as before, so a file never pays for every migration again. A
 * clone a file has closed is emptied and handed to the worker's next file (pglite-pool.ts,
 * postgres-pool.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { ChangeFeed } from '../src/db/change-feed.js';
import { connectDatabase, openPgliteInMemory } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open-database.js';
import { takePooledPglite } from './pglite-pool.js';
import { pgliteSnapshot } from './pglite-snapshot.js';
import { takePooledPostgres } from './postgres-pool.js';

/** An open test database. */
export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The database's own URL (PostgreSQL only), for tests that open a second pool like a second process would. */
  url?: string;
  /** PostgreSQL itself when `url` is a pooler (LATCHKEY_DATABASE_DIRECT_URL); `url` otherwise. */
  directUrl?: string;
  /** The database's notifications, as a provider process opens them (DatabaseHandle.changeFeed). */
  changeFeed(channel: string): ChangeFeed;
  close(): Promise<void>;
  /** The pool's state (PostgreSQL only), as DatabaseHandle.poolStats. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** The server URL for the PostgreSQL run, if any. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/**
 * One connection per process to TEST_DATABASE_URL's own database, kept between statements: each
 * new PostgreSQL backend costs about 40 ms of the server's CPU here, and every test database is a
 * create and a drop. Idle, it does not keep the process alive.
 */
let adminPool: pg.Pool | undefined;

/** Runs one statement on TEST_DATABASE_URL's own database (create and drop databases); its rows. */
export async function adminQuery(
  sqlText: string,
  values?: unknown[],
): Promise<Array<Record<string, unknown>>> {
  if (!adminPool) {
    adminPool = new pg.Pool({
      connectionString: testDatabaseUrl,
      max: 1,
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    });
    // The server ending the idle connection (a restart) must not crash the process; the pool
    // drops that client and opens another for the next query.
    adminPool.on('error', () => {});
  }
  return (await adminPool.query(sqlText, values)).rows;
}

/** Options of createTestDatabase. */
export interface TestDatabaseOptions {
  /**
   * PGlite in a temporary directory, as `npm start` runs it, instead of in memory: commits then
   * write files, so a request that writes costs more than one that only reads (timing tests).
   * Ignored with TEST_DATABASE_URL.
   */
  onDisk?: boolean;
  /** PGlite in this directory, kept when closed (even with TEST_DATABASE_URL): a data directory to move. */
  pgliteDir?: string;
  /** This existing PostgreSQL database, kept when closed (a copy made by the test). */
  postgresUrl?: string;
  /**
   * With `postgresUrl` a transaction-pooling PgBouncer: the same database reached directly
   * (LATCHKEY_DATABASE_DIRECT_URL). The database is then opened as the provider opens it.
   */
  directUrl?: string;
}

/** Creates and migrates a database that only the calling test file uses. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (options.postgresUrl && options.directUrl) {
    const { applied: _applied, ...handle } = await openDatabase({
      databaseUrl: options.postgresUrl,
      databaseDirectUrl: options.directUrl,
      databasePoolSize: 4,
      dataDir: tmpdir(),
    });
    return { ...handle, url: options.postgresUrl, directUrl: options.directUrl };
  }
  if (options.pgliteDir || options.postgresUrl) {
    const handle = await connectDatabase(
      options.pgliteDir
        ? { kind: 'pglite', dataDir: join(options.pgliteDir, 'pglite') }
        : { kind: 'postgres', url: options.postgresUrl as string, poolSize: 4 },
    );
    await migrateToLatest(handle.db);
    return { ...handle, ...(options.postgresUrl ? { url: options.postgresUrl } : {}) };
  }
  if (!testDatabaseUrl && options.onDisk) {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-test-'));
    const handle = await connectDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!testDatabaseUrl) {
    const snapshot = inject('pgliteSnapshotPath');
    const handle = snapshot
      ? await takePooledPglite(async () => openPgliteInMemory(await pgliteSnapshot(snapshot)))
      : await connectDatabase({ kind: 'pglite-memory' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const serverUrl = testDatabaseUrl;
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const template = inject('postgresTemplate');
  const { name, release } = template
    ? await takePooledPostgres(adminQuery, urlOf, template)
    : await createdPostgres(`latchkey_test_${randomBytes(6).toString('hex')}`);
  const url = urlOf(name);
  // The pool the provider itself would have on this machine (pool-size.ts), not a larger one.
  const handle = await connectDatabase({ kind: 'postgres', url });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    kind: 'postgres',
    url,
    changeFeed: handle.changeFeed,
    ...(handle.poolStats ? { poolStats: handle.poolStats } : {}),
    close: async () => {
      await handle.close();
      await release();
    },
  };
}

/** A database of its own for a file of a project without the run's template (global-setup.ts). */
async function createdPostgres(name: string): Promise<{ name: string; release: () => Promise<void> }> {
  await adminQuery(`create database ${name}`);
  return {
    name,
    release: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
