/** @module second-factor-lockouts.repository — SQL of the second-factor cap: one guarded upsert counts an attempt, one guarded insert starts a lock. */
import type { DbExecutor } from '../../db/database.js';
import type {
  SecondFactorLockoutRow,
  SecondFactorProofUnlockReason,
} from './second-factor-lockouts.table.js';

/**
 * Counts one attempt of the user as failed unless the count is at `cap` already: one INSERT …
 * ON CONFLICT DO UPDATE … WHERE failures < cap, so concurrent attempts on any number of
 * processes serialise on the row and none is lost or let past the cap. Returns the new count, or
 * undefined when the user is at the cap (nothing changed). Call in the attempt's transaction:
 * a rollback gives the attempt back, a success deletes the row.
 */
export async function countSecondFactorFailure(
  db: DbExecutor,
  key: { user_id: string; project_id: string },
  now: Date,
  cap: number,
): Promise<number | undefined> {
  const row = await db
    .insertInto('second_factor_failures')
    .values({ ...key, failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          failures: eb('second_factor_failures.failures', '+', 1),
          last_failure_at: now,
        }))
        .where('second_factor_failures.failures', '<', cap),
    )
    .returning('failures')
    .executeTakeFirst();
  return row?.failures;
}

/** The user's consecutive failed second-factor attempts (0 when none). */
export async function secondFactorFailuresOf(db: DbExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('second_factor_failures')
    .select('failures')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Forgets the user's failures (a proven second factor, or the end of a lock). */
export async function clearSecondFactorFailures(db: DbExecutor, userId: string): Promise<void> {
  await db.deleteFrom('second_factor_failures').where('user_id', '=', userId).execute();
}

/**
 * Opens a lock row for the user unless one is open: INSERT … ON CONFLICT (user_id) WHERE
 * unlocked_at IS NULL DO NOTHING on the partial unique index, so exactly one caller gets the row
 * back (and tells the owner). Undefined: already open.
 */
export async function insertSecondFactorLockIfNoneOpen(
  db: DbExecutor,
  row: { id: string; project_id: string; user_id: string; locked_at: Date },
): Promise<SecondFactorLockoutRow | undefined> {
  return db
    .insertInto('second_factor_lockouts')
    .values({ ...row, unlocked_at: null, unlock_reason: null })
    .onConflict((oc) => oc.column('user_id').where('unlocked_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Ends the user's open lock row, if any, and returns it as ended (one guarded UPDATE). */
export async function endOpenSecondFactorLock(
  db: DbExecutor,
  userId: string,
  reason: SecondFactorProofUnlockReason,
  at: Date,
): Promise<SecondFactorLockoutRow | undefined> {
  return db
    .updateTable('second_factor_lockouts')
    .set({ unlocked_at: at, unlock_reason: reason })
    .where('user_id', '=', userId)
    .where('unlocked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
