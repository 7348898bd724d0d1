/**
 * Start-up reads "is the schema current?" in one statement, and still migrates (and refuses a
 * database it does not understand) exactly as Kysely's Migrator does (PGlite; PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Db } from './database.js';
import { MigrationError, migrateToLatest, migrations } from './migrate.js';

/** A plugin that records the kind of every statement run through it. */
function recordingStatements(): { plugin: KyselyPlugin; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, statements };
}

const names = Object.keys(migrations);
const latest = names.at(-1) as string;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

async function applied(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe('a database at the latest migration', () => {
  it('is checked with one statement and nothing is applied', async () => {
    const { plugin, statements } = recordingStatements();
    expect(await migrateToLatest(database.db.withPlugin(plugin))).toEqual([]);
    expect(statements).toHaveLength(1);
  });
});

describe('a database one migration behind', () => {
  it('gets that migration applied, then is current again', async () => {
    await migrations[latest]?.down?.(database.db);
    await sql`delete from kysely_migration where name = ${latest}`.execute(database.db);

    expect(await migrateToLatest(database.db)).toEqual([latest]);
    expect(await applied(database.db)).toEqual(names);
    const { plugin, statements } = recordingStatements();
    expect(await migrateToLatest(database.db.withPlugin(plugin))).toEqual([]);
    expect(statements).toHaveLength(1);
  });
});

describe('a database that applied a migration this build does not know', () => {
  it('is refused (a newer build ran on it), as the Migrator refuses it', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_000000_from_the_future', ${new Date().toISOString()})`.execute(
      database.db,
    );
    await expect(migrateToLatest(database.db)).rejects.toBeInstanceOf(MigrationError);
    await sql`delete from kysely_migration where name = '2099_01_01_000000_from_the_future'`.execute(
      database.db,
    );
  });
});
