/** @module health.repository — the trivial statement a readiness probe runs to see the database answer. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Runs `select 1`. */
export async function selectOne(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
