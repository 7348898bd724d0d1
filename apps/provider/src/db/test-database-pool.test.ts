/**
 * The tests' database pools (test/pglite-pool.ts, test/postgres-pool.ts): a database a file closed
 * reaches the next file empty and with the snapshot's schema, or not at all — so files stay as
 * isolated as when each started its own PGlite or created its own PostgreSQL database.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { closeIdlePglites } from '../../test/pglite-pool.js';
import { insertRow } from '../../test/row-factory.js';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../test/test-database.js';

/** Leaves session state behind (a temporary table, a setting) that the pool must reset. */
async function markInstance(db: TestDatabase['db'], marker: string) {
  await sql`create temporary table if not exists pool_probe (marker text)`.execute(db);
  await sql`select set_config('latchkey.pool_probe', ${marker}, false)`.execute(db);
}

async function instanceMarker(db: TestDatabase['db']): Promise<string> {
  const { rows } = await sql<{ marker: string | null }>`
    select current_setting('latchkey.pool_probe', true) as marker`.execute(db);
  return rows[0]?.marker ?? '';
}

/** When the instance's backend started: the same value means the same PGlite instance. */
async function backendStart(db: TestDatabase['db']): Promise<string> {
  const { rows } = await sql<{ started: string }>`select pg_postmaster_start_time()::text as started`.execute(
    db,
  );
  return rows[0]?.started ?? '';
}

/** The database's name: the same name means the same pooled PostgreSQL database. */
async function databaseName(db: TestDatabase['db']): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return rows[0]?.name ?? '';
}

async function rowCount(db: TestDatabase['db']): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from projects)::int + (select count(*) from users)::int as n`.execute(db);
  return rows[0]?.n ?? -1;
}

/** What tells one pooled database from another: the PGlite instance, or the PostgreSQL database. */
const databaseIdentity = testDatabaseUrl ? databaseName : backendStart;

describe('both test-database pools', () => {
  it('do not reuse a database whose schema a test changed (PostgreSQL drops it)', async () => {
    // An instance at its last use would be closed anyway, whatever its schema: start from a new one.
    if (!testDatabaseUrl) await closeIdlePglites();
    const first = await createTestDatabase();
    const identity = await databaseIdentity(first.db);
    await sql`create table pool_extra (id int)`.execute(first.db);
    await first.close();
    const second = await createTestDatabase();
    try {
      expect(await databaseIdentity(second.db)).not.toBe(identity);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_tables where tablename = 'pool_extra'`.execute(second.db);
      expect(rows[0]?.n).toBe(0);
      if (testDatabaseUrl) {
        const { rows: dropped } = await sql<{ n: number }>`
          select count(*)::int as n from pg_database where datname = ${identity}`.execute(second.db);
        expect(dropped[0]?.n).toBe(0);
      }
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(testDatabaseUrl)('the PGlite test-database pool', () => {
  it('hands a closed database to the next caller empty, with its session reset', async () => {
    // Earlier files in this worker may have worn the idle instance to its last use, after which
    // it is closed rather than handed on: start from a new one.
    await closeIdlePglites();
    const first = await createTestDatabase();
    const started = await backendStart(first.db);
    await insertRow(first.db, 'users');
    await markInstance(first.db, 'first');
    expect(await rowCount(first.db)).toBeGreaterThan(0);
    await first.close();

    const second = await createTestDatabase();
    try {
      // The same instance (same start time), yet nothing of the first file is left.
      expect(await backendStart(second.db)).toBe(started);
      expect(await instanceMarker(second.db)).toBe('');
      expect(await rowCount(second.db)).toBe(0);
      const { rows: temporary } = await sql<{ n: number }>`
        select count(*)::int as n from pg_class where relname = 'pool_probe'`.execute(second.db);
      expect(temporary[0]?.n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('refuses every query through a closed handle, so a straggler cannot reach the next file', async () => {
    const first = await createTestDatabase();
    await first.close();
    const second = await createTestDatabase();
    try {
      await expect(sql`select 1`.execute(first.db)).rejects.toThrow();
    } finally {
      await second.close();
    }
  });

  it('does not reuse a database with a listener still open', async () => {
    const first = await createTestDatabase();
    const started = await backendStart(first.db);
    const feed = first.changeFeed('latchkey_pool_test');
    feed.subscribe({ onChange: () => {}, onReset: () => {} });
    await feed.ready();
    await first.close();
    const second = await createTestDatabase();
    try {
      expect(await backendStart(second.db)).not.toBe(started);
    } finally {
      await second.close();
      await feed.close().catch(() => {});
    }
  });
});

describe.runIf(testDatabaseUrl)('the PostgreSQL test-database pool', () => {
  it('hands a closed database to the next caller empty', async () => {
    const first = await createTestDatabase();
    const name = await databaseName(first.db);
    await insertRow(first.db, 'users');
    expect(await rowCount(first.db)).toBeGreaterThan(0);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(await databaseName(second.db)).toBe(name);
      expect(await rowCount(second.db)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('does not reuse a database a session is still open on', async () => {
    const first = await createTestDatabase();
    const name = await databaseName(first.db);
    // A second pool the file forgot to close, as a second instance would have.
    const straggler = new pg.Client({ connectionString: first.url });
    straggler.on('error', () => {});
    await straggler.connect();
    await first.close();
    const second = await createTestDatabase();
    try {
      expect(await databaseName(second.db)).not.toBe(name);
      await expect(straggler.query('select 1')).rejects.toThrow();
    } finally {
      await second.close();
      await straggler.end().catch(() => {});
    }
  });
});
