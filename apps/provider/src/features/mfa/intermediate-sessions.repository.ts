/** @module intermediate-sessions.repository — SQL for intermediate sessions; liveness is decided in each statement. */
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { NewIntermediateSessionRow } from './intermediate-sessions.table.js';

/** Inserts an intermediate session. */
export async function insertIntermediateSession(
  db: DbExecutor,
  row: NewIntermediateSessionRow,
): Promise<void> {
  await db.insertInto('intermediate_sessions').values(row).execute();
}

/**
 * Intermediate sessions are single-use rows: found and locked while live, used up once (one
 * guarded UPDATE), revoked at the `max`-th failed second factor (SECURITY A6) or when the first
 * factor they stand for is taken away.
 */
export const intermediateSessions = singleUseRows('intermediate_sessions');
