/**
 * Issue 23, upgrades: several instances starting at once on one new PostgreSQL database each run
 * migrateToLatest, and every migration still runs exactly once. Kysely's Migrator holds a
 * PostgreSQL advisory lock (pg_advisory_lock) around the run; the instance that waited finds
 * nothing left to do.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, testDatabaseUrl } from '../../test/test-database.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { migrateToLatest, migrations } from './migrate.js';

const name = `latchkey_migrate_race_${randomBytes(6).toString('hex')}`;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  // An empty database, not the run's migrated template: this is a first start.
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  for (let i = 0; i < 3; i += 1)
    handles.push(await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }));
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  if (testDatabaseUrl) await adminQuery(`drop database if exists ${name} with (force)`);
});

it.skipIf(!testDatabaseUrl)(
  'runs every migration once when three instances migrate at the same moment',
  async () => {
    const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
    const all = applied.flat();
    expect(all.sort()).toEqual(Object.keys(migrations).sort());
    expect(new Set(all).size).toBe(all.length);
    const { rows } = await sql<{
      count: string;
    }>`select count(*)::text as count from kysely_migration`.execute(handles[0]?.db as DatabaseHandle['db']);
    expect(Number(rows[0]?.count)).toBe(Object.keys(migrations).length);
  },
);
