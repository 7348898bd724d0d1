/** @module delivery-jobs.repository — SQL for the delivery queue; a job is claimed by one guarded UPDATE. */
import { type Claim, claimRow, dueOrLapsed, finishClaim } from '../db/claimable-rows.js';
import type { DbExecutor } from '../db/database.js';
import { deleteRowsWithAnyOf } from '../db/keyed-rows.js';
import type { DeliveryJobRow, NewDeliveryJobRow } from './delivery-jobs.table.js';

const OPEN = ['pending', 'running'] as const;

/** Stores a new job. */
export async function insertDeliveryJob(db: DbExecutor, row: NewDeliveryJobRow): Promise<void> {
  await db.insertInto('delivery_jobs').values(row).execute();
}

/**
 * Claims the oldest due job, if any: a pending job whose run_at has come, or a running one
 * whose claim lapsed (its process died). One statement, so it is short on PGlite's single
 * connection; `FOR UPDATE SKIP LOCKED` lets several processes on one PostgreSQL claim at once
 * without taking the same job. A job waits while an older one to the same recipient is still
 * open, so "only the newest link or code works" (SECURITY B6) also holds for what arrives.
 */
export async function claimDeliveryJob(
  db: DbExecutor,
  now: Date,
  lockedUntil: Date,
): Promise<DeliveryJobRow | undefined> {
  const due = db
    .selectFrom('delivery_jobs as j')
    .select('j.id')
    .where(dueOrLapsed('j', now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('delivery_jobs as older')
            .select('older.id')
            .whereRef('older.project_id', '=', 'j.project_id')
            .whereRef('older.recipient', '=', 'j.recipient')
            .whereRef('older.seq', '<', 'j.seq')
            .where('older.state', 'in', OPEN),
        ),
      ),
    )
    .orderBy('j.seq');
  return claimRow(db, 'delivery_jobs', due, lockedUntil);
}

/** Ends a job as delivered (or with nothing to deliver); false when the claim had lapsed and another took it. */
export async function completeDeliveryJob(db: DbExecutor, claim: Claim, now: Date): Promise<boolean> {
  return finishClaim(db, 'delivery_jobs', claim, { state: 'done', finished_at: now });
}

/** Ends a job as given up. */
export async function failDeliveryJob(db: DbExecutor, claim: Claim, now: Date): Promise<boolean> {
  return finishClaim(db, 'delivery_jobs', claim, { state: 'failed', finished_at: now });
}

/** Puts a job back to wait until `runAt`. */
export async function retryDeliveryJob(db: DbExecutor, claim: Claim, runAt: Date): Promise<boolean> {
  return finishClaim(db, 'delivery_jobs', claim, { state: 'pending', run_at: runAt });
}

/** Whether any job is running, or pending and due (what "the queue is drained" waits for). */
export async function hasOpenDueDeliveryJobs(db: DbExecutor, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select('id')
    .where((eb) =>
      eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', now)])]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes jobs that ended before `before`. */
export async function deleteFinishedDeliveryJobs(db: DbExecutor, before: Date): Promise<void> {
  await db.deleteFrom('delivery_jobs').where('finished_at', '<', before).execute();
}

/** Deletes every job of `projectId` addressed to one of `recipients` (a deleted user's, issue 20). */
export const deleteDeliveryJobsTo = (db: DbExecutor, projectId: string, recipients: string[]) =>
  deleteRowsWithAnyOf(db, 'delivery_jobs', { project_id: projectId }, 'recipient', recipients);

/**
 * Whether job `id` is still queued. Read under the recipient's issuance lock, it tells a worker
 * that claimed the job before a withdrawal (a revoked invitation, a deleted user) that the
 * withdrawal has committed since, so it must issue nothing.
 */
export async function deliveryJobStillQueued(db: DbExecutor, id: string): Promise<boolean> {
  const row = await db.selectFrom('delivery_jobs').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
