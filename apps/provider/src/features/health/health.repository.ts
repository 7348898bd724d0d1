/** @module health.repository — the one statement a readiness probe runs: which migrations the database has applied. */
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** PostgreSQL's undefined_table: a database no migration has run on yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * The names of the applied migrations: one round trip that also proves the database answers.
 * A database without the migrations table has applied none; any other failure is thrown.
 */
export async function appliedMigrationNames(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    return rows.map((row) => row.name);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
