/**
 * @module claimable-rows — the statements the work queues share (delivery jobs, webhook
 * deliveries): a row is claimed by one guarded UPDATE that marks it running until `locked_until`
 * and counts the attempt, and only the claim with that attempt number may finish it, so a claim
 * that lapsed (its process died or was slow) can no longer overwrite the outcome of the next one.
 */
import { type RawBuilder, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database, DbExecutor } from './database.js';

/** Tables of queued work: `state`, `run_at`, `locked_until` and an `attempts` counter. */
export type ClaimableTable = 'delivery_jobs' | 'webhook_deliveries';
/** A row of `T` as read. */
export type ClaimableRow<T extends ClaimableTable> = Selectable<Database[T]>;
/** The claim a worker holds: the row as claimed (its attempt number tells a lapsed claim from the current one). */
export type Claim = { id: string; attempts: number };

/**
 * The rows of `alias` a worker may claim at `now`: pending ones whose run_at has come, and
 * running ones whose claim lapsed (the process that held it died).
 */
export function dueOrLapsed(alias: string, now: Date): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`((${column('state')} = 'pending' and ${column('run_at')} <= ${now}) or (${column('state')} = 'running' and ${column('locked_until')} <= ${now}))`;
}

/**
 * Claims the first of the rows `due` selects (their ids, in claim order) until `lockedUntil`:
 * `FOR UPDATE SKIP LOCKED` lets several processes on one PostgreSQL claim at once without taking
 * the same row.
 */
export async function claimRow<T extends ClaimableTable, DueDb, DueTables extends keyof DueDb>(
  db: DbExecutor,
  table: T,
  due: SelectQueryBuilder<DueDb, DueTables, { id: string }>,
  lockedUntil: Date,
): Promise<ClaimableRow<T> | undefined> {
  const claimed = await db
    .updateTable(table as ClaimableTable)
    .set({ state: 'running', attempts: sql`attempts + 1`, locked_until: lockedUntil })
    .where('id', '=', due.limit(1).forUpdate().skipLocked())
    .returningAll()
    .executeTakeFirst();
  return claimed as ClaimableRow<T> | undefined;
}

/** Ends or reschedules a claimed row (its lock released); false when the claim had lapsed and another took it. */
export async function finishClaim<T extends ClaimableTable>(
  db: DbExecutor,
  table: T,
  claim: Claim,
  values: { state: Database[T]['state']; run_at?: Date; finished_at?: Date | null },
): Promise<boolean> {
  const row = await db
    .updateTable(table as ClaimableTable)
    .set({ ...values, locked_until: null })
    .where('id', '=', claim.id)
    .where('state', '=', 'running')
    .where('attempts', '=', claim.attempts)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
