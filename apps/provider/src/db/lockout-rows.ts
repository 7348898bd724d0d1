/**
 * @module lockout-rows — the statements the lasting locks share (the password lock and the
 * second-factor lock, SECURITY A4, A6): a lock is a row that is open while `unlocked_at` is null,
 * at most one open per user (a partial unique index), started and ended by one guarded statement.
 */
import type { Selectable } from 'kysely';
import type { Database, DbExecutor } from './database.js';

/** Tables of lasting locks, one open row per user at most. */
export type LockoutTable = 'password_lockouts' | 'second_factor_lockouts';
/** A lock row of `T` as read. */
export type LockoutRow<T extends LockoutTable> = Selectable<Database[T]>;

/**
 * Opens a lock for the user unless one is open: INSERT … ON CONFLICT (user_id) WHERE
 * unlocked_at IS NULL DO NOTHING on the partial unique index, so of concurrent callers on any
 * number of processes exactly one gets the row back (and tells the owner). Undefined: already locked.
 */
export async function openLockIfNoneOpen<T extends LockoutTable>(
  db: DbExecutor,
  table: T,
  row: { id: string; project_id: string; user_id: string; locked_at: Date },
): Promise<LockoutRow<T> | undefined> {
  const opened = await db
    .insertInto(table as LockoutTable)
    .values({ ...row, unlocked_at: null, unlock_reason: null })
    .onConflict((oc) => oc.column('user_id').where('unlocked_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  return opened as LockoutRow<T> | undefined;
}

/** Ends the user's open lock, if any, and returns it as ended (one guarded UPDATE). */
export async function endOpenLock<T extends LockoutTable>(
  db: DbExecutor,
  table: T,
  userId: string,
  reason: NonNullable<Database[T]['unlock_reason']>,
  at: Date,
): Promise<LockoutRow<T> | undefined> {
  const ended = await db
    .updateTable(table as LockoutTable)
    .set({ unlocked_at: at, unlock_reason: reason })
    .where('user_id', '=', userId)
    .where('unlocked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return ended as LockoutRow<T> | undefined;
}
