/** @module password-lockouts.repository — SQL of the lasting password lock: one guarded statement starts it, one ends it (SECURITY A4). */
import { type RawBuilder, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { PasswordLockoutRow, UnlockReason } from './passwords.table.js';

/**
 * Opens a lock for the user unless one is open: INSERT … ON CONFLICT (user_id) WHERE
 * unlocked_at IS NULL DO NOTHING on the partial unique index, so of concurrent callers on any
 * number of processes exactly one gets the row back (and tells the owner). Undefined: already locked.
 */
export async function insertLockIfNoneOpen(
  db: DbExecutor,
  row: { id: string; project_id: string; user_id: string; locked_at: Date },
): Promise<PasswordLockoutRow | undefined> {
  return db
    .insertInto('password_lockouts')
    .values({ ...row, unlocked_at: null, unlock_reason: null })
    .onConflict((oc) => oc.column('user_id').where('unlocked_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Ends the user's open lock, if any, and returns it as ended (one guarded UPDATE). */
export async function endOpenLock(
  db: DbExecutor,
  userId: string,
  reason: UnlockReason,
  at: Date,
): Promise<PasswordLockoutRow | undefined> {
  return db
    .updateTable('password_lockouts')
    .set({ unlocked_at: at, unlock_reason: reason })
    .where('user_id', '=', userId)
    .where('unlocked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the user's password sign-in is locked, in SQL; `userId` is the column holding the user's id. */
export function isLockedSql(userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from password_lockouts as pl
    where pl.user_id = ${sql.ref(userId)} and pl.unlocked_at is null
  )`;
}

/** Whether the user's password sign-in is locked. */
export async function isPasswordLocked(db: DbExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_lockouts')
    .select('id')
    .where('user_id', '=', userId)
    .where('unlocked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
