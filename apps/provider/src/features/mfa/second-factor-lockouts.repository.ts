/**
 * @module second-factor-lockouts.repository — SQL of the second-factor cap: one guarded upsert
 * counts an attempt; the guarded statements that start and end a lock are db/lockout-rows.ts.
 */
import type { DbExecutor } from '../../db/database.js';

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
