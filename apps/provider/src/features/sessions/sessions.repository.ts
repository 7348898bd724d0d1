/** @module sessions.repository — SQL for sessions; validity is always decided in the statement itself. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { NewSessionRow, SessionRow } from './sessions.table.js';

/** Inserts a session. */
export async function insertSession(db: DbExecutor, row: NewSessionRow): Promise<SessionRow> {
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The live (not revoked, not expired at `now`) session whose token hashes to `tokenHash`. */
export async function findLiveSessionByTokenHash(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The live session with `id`. */
export async function findLiveSessionById(
  db: DbExecutor,
  projectId: string,
  id: string,
  now: Date,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Marks a live session accessed and, when `extendTo` is given, moves its expiry to
 * least(extendTo, absolute_expires_at). One statement, so concurrent refreshes of one session
 * both succeed and neither can revive a revoked or expired session.
 */
export async function touchLiveSession(
  db: DbExecutor,
  where: { projectId: string; tokenHash?: string; id?: string },
  now: Date,
  extendTo: Date | null,
): Promise<SessionRow | undefined> {
  let query = db
    .updateTable('sessions')
    .set({
      last_accessed_at: now,
      ...(extendTo ? { expires_at: sql<Date>`least(${extendTo}::timestamptz, absolute_expires_at)` } : {}),
    })
    .where('project_id', '=', where.projectId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (where.tokenHash !== undefined) query = query.where('token_hash', '=', where.tokenHash);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  return query.returningAll().executeTakeFirst();
}

/** Revokes a live session; returns its id, or undefined when there was nothing live to revoke. */
export async function revokeLiveSession(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
