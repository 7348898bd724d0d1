/** @module intermediate-sessions.repository — SQL for intermediate sessions; liveness is decided in each statement. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { IntermediateSessionRow, NewIntermediateSessionRow } from './intermediate-sessions.table.js';

/** Inserts an intermediate session. */
export async function insertIntermediateSession(
  db: DbExecutor,
  row: NewIntermediateSessionRow,
): Promise<void> {
  await db.insertInto('intermediate_sessions').values(row).execute();
}

/** The live (unused, unrevoked, unexpired at `now`) intermediate session of `tokenHash`. */
export async function findLiveIntermediateSession(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<IntermediateSessionRow | undefined> {
  return db
    .selectFrom('intermediate_sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Locks the intermediate session `id` if it is still live, so one second-factor attempt at a time
 * decides on it (the failure count and the consumption cannot interleave). Call inside a transaction.
 */
export async function lockLiveIntermediateSession(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<IntermediateSessionRow | undefined> {
  return db
    .selectFrom('intermediate_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Counts one failed second-factor attempt; the `max`-th revokes the intermediate session in the
 * same statement (SECURITY A6). Returns the new count, or undefined when it was no longer live.
 */
export async function recordFailedSecondFactor(
  db: DbExecutor,
  id: string,
  now: Date,
  max: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('intermediate_sessions')
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      revoked_at: sql<Date | null>`case when failed_attempts + 1 >= ${max} then ${now}::timestamptz else null end`,
    })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts;
}

/** Uses the intermediate session up (one guarded UPDATE); undefined when it was no longer live. */
export async function useIntermediateSession(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<IntermediateSessionRow | undefined> {
  return db
    .updateTable('intermediate_sessions')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Revokes every live intermediate session of the user: each one stands for a first factor that
 * was just taken away (a new password), so none may still be completed with a second.
 */
export async function revokeLiveIntermediateSessionsOf(
  db: DbExecutor,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('intermediate_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}
