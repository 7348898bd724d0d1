/** @module passcode-failures.repository — SQL of the passcode cap: one guarded upsert counts a wrong code, one statement clears the run unless it is locked. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { deleteRowsWithAnyOf } from '../../db/keyed-rows.js';
import type { PasscodeFailuresRow } from './passcode-failures.table.js';

/** Which destination of which project. */
export interface PasscodeKey {
  project_id: string;
  destination: string;
}

/**
 * Counts one wrong passcode unless the destination is at `cap` already: INSERT … ON CONFLICT DO
 * UPDATE … WHERE failures < cap, so concurrent attempts on any number of processes serialise on
 * the row and none slips past the cap. The failure that reaches the cap sets `locked_at`.
 * Returns the new count, or undefined when the destination was locked already (nothing changed).
 */
export async function countPasscodeFailure(
  db: DbExecutor,
  key: PasscodeKey,
  now: Date,
  cap: number,
): Promise<number | undefined> {
  const row = await db
    .insertInto('passcode_failures')
    .values({ ...key, failures: 1, last_failure_at: now, locked_at: cap <= 1 ? now : null })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'destination'])
        .doUpdateSet((eb) => ({
          failures: eb('passcode_failures.failures', '+', 1),
          last_failure_at: now,
          locked_at: sql<Date | null>`case when passcode_failures.failures + 1 >= ${cap} then ${now}::timestamptz end`,
        }))
        .where('passcode_failures.failures', '<', cap),
    )
    .returning('failures')
    .executeTakeFirst();
  return row?.failures;
}

/**
 * In the transaction of a right code: forgets the run of failures unless it has reached the lock,
 * in one statement (the DELETE and the SELECT read the same snapshot). True when the destination
 * is locked, and nothing was deleted.
 */
export async function clearPasscodeFailuresUnlessLocked(db: DbExecutor, key: PasscodeKey): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    with cleared as (
      delete from passcode_failures
      where project_id = ${key.project_id} and destination = ${key.destination} and locked_at is null
    )
    select true as locked from passcode_failures
    where project_id = ${key.project_id} and destination = ${key.destination} and locked_at is not null`.execute(
    db,
  );
  return rows.length > 0;
}

/** Ends the run and any lock of the destination (a proof of control); returns the row when it was a lock. */
export async function endPasscodeFailures(
  db: DbExecutor,
  key: PasscodeKey,
): Promise<PasscodeFailuresRow | undefined> {
  const row = await db
    .deleteFrom('passcode_failures')
    .where('project_id', '=', key.project_id)
    .where('destination', '=', key.destination)
    .returningAll()
    .executeTakeFirst();
  return row?.locked_at ? row : undefined;
}

/** Deletes the passcode failure runs of `destinations` in `projectId` (a deleted user's, issue 20). */
export const deletePasscodeFailuresOf = (db: DbExecutor, projectId: string, destinations: string[]) =>
  deleteRowsWithAnyOf(db, 'passcode_failures', { project_id: projectId }, 'destination', destinations);
