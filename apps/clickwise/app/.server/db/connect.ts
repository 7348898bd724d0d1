/** @module connect — schema `clickwise` on PGlite (own data dir, the default) or PostgreSQL (DATABASE_URL). */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { ClickwiseDatabase, Db } from './database.js';
import { migrations } from './migrations.js';

/** Where the tables live. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

/** An open, migrated database. */
export interface DatabaseHandle {
  db: Db;
  close(): Promise<void>;
}

export const SCHEMA = 'clickwise';

/**
 * PGlite is embedded in one process, so Clickwise keeps its own data directory by default; with
 * DATABASE_URL it shares the provider's database, in its own schema. Migrations run every time.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  let root: Kysely<ClickwiseDatabase>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 5, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // pg-pool drops its own error listener while a client is checked out and Kysely adds none: a
    // connection cut then would be an uncaught 'error' that kills the site (the statement still fails).
    pool.on('connect', (client) => client.on('error', () => {}));
    root = new Kysely({ dialect: new PostgresDialect({ pool }) });
  } else {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const client = target.dataDir ? await PGlite.create(target.dataDir) : await PGlite.create();
    root = new Kysely({ dialect: new PGliteDialect(client) });
  }
  try {
    await migrate(root);
  } catch (error) {
    await root.destroy();
    throw error;
  }
  return { db: root.withSchema(SCHEMA), close: () => root.destroy() };
}

async function migrate(root: Kysely<ClickwiseDatabase>): Promise<void> {
  await sql`create schema if not exists ${sql.id(SCHEMA)}`.execute(root);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db: root, provider, migrationTableSchema: SCHEMA });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Clickwise migration ${failed} failed`, { cause: error });
  }
}
