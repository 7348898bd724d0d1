/** @module promised-accounts.repository — SQL of promised accounts: the account lock, and the `create_account` promise a login_or_create job carries (see promised-account). */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { NewAccount as PromisedAccount } from './otp-recipients.js';

/**
 * Serialises the answers of login_or_create for one address or number (magic links and
 * passcodes alike) with the worker creating its account, so two answers never promise two
 * accounts and an answer never sees a half-made one.
 */
export async function lockAccountAddress(db: DbExecutor, projectId: string, address: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`account:${projectId}:${address}`}, 0))`.execute(
    db,
  );
}

/** What `create_account` holds in the job params; SQL NULL when the key is absent (jobs of other kinds). */
const promiseColumn = sql<PromisedAccount | null>`params -> 'create_account'`;

/** Still to deliver: the predicate of the queue's partial indexes, written out so they apply. */
const open = sql<boolean>`state in ('pending', 'running')`;

/** The newest account an undelivered job still promises to `address`, if any. */
export async function findPromisedAccount(
  db: DbExecutor,
  projectId: string,
  address: string,
): Promise<PromisedAccount | undefined> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select(promiseColumn.as('account'))
    .where('project_id', '=', projectId)
    .where('recipient', '=', address)
    .where(open)
    .where(sql<boolean>`jsonb_typeof(params -> 'create_account') = 'object'`)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.account ?? undefined;
}

/** The account job `jobId` still has to create, read under the lock (another run may have created it). */
export async function promiseOfJob(db: DbExecutor, jobId: string): Promise<PromisedAccount | undefined> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select(promiseColumn.as('account'))
    .where('id', '=', jobId)
    .executeTakeFirst();
  return row?.account ?? undefined;
}

/**
 * Withdraws the promise of `userId` from every undelivered job to `address`, in the transaction
 * that keeps it: it is kept at most once, so a retry, a lapsed claim taken over, or a later job
 * that named the same account never makes it again (nor remakes it after an operator deleted it).
 */
export async function settlePromise(db: DbExecutor, projectId: string, address: string, userId: string) {
  await db
    .updateTable('delivery_jobs')
    .set({ params: sql`jsonb_set(params, '{create_account}', 'null'::jsonb)` })
    .where('project_id', '=', projectId)
    .where('recipient', '=', address)
    .where(open)
    .where(sql<boolean>`params -> 'create_account' ->> 'user_id' = ${userId}`)
    .execute();
}
