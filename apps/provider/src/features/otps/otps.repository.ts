/** @module otps.repository — SQL for passcodes; every attempt and the consumption are single guarded statements. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import { MAX_OTP_ATTEMPTS } from './otp-policy.js';
import type { NewOtpCodeRow, OtpCodeRow } from './otps.table.js';

/**
 * Serialises issuance for one destination until the transaction ends, so "revoke the open
 * code, store the new one" cannot interleave (SECURITY B6).
 */
export async function lockDestinationForIssuance(
  db: DbExecutor,
  projectId: string,
  destination: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${projectId}:${destination}`}, 0))`.execute(
    db,
  );
}

/** Stores a new code (its digest only). */
export async function insertOtpCode(db: DbExecutor, row: NewOtpCodeRow): Promise<void> {
  await db.insertInto('otp_codes').values(row).execute();
}

/**
 * Takes one attempt at the open, unexpired code of `methodId` that has attempts left and that
 * `callerUserId` may try, and returns it (with the attempt already counted) for the caller to
 * compare. One statement: row locking makes concurrent callers queue and re-check `attempts <
 * max`, so of any number of parallel guesses at most `max` are ever evaluated, across processes
 * (SECURITY A2, A8). A code a signed-in user asked for is only tried by that user's live session
 * or IST (`callerUserId`, null when signed out): anyone else's attempt counts nothing (issue 16).
 */
export async function takeOtpAttempt(
  db: DbExecutor,
  projectId: string,
  methodId: string,
  now: Date,
  callerUserId: string | null,
): Promise<OtpCodeRow | undefined> {
  return db
    .updateTable('otp_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('project_id', '=', projectId)
    .where('method_id', '=', methodId)
    .where('consumed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_OTP_ATTEMPTS)
    .where((eb) =>
      callerUserId === null
        ? eb('requested_by_user_id', 'is', null)
        : eb.or([eb('requested_by_user_id', 'is', null), eb('requested_by_user_id', '=', callerUserId)]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * The code of `methodId` that explains a refused attempt: the open one if there is one (there
 * is at most one), else the newest.
 */
export async function findCurrentOtpCode(
  db: DbExecutor,
  projectId: string,
  methodId: string,
): Promise<OtpCodeRow | undefined> {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('method_id', '=', methodId)
    .orderBy(sql`(consumed_at is null and revoked_at is null)`, 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Passcodes are single-use rows: consumed once their attempt matched, revoked when a newer code
 * to the destination replaces them (SECURITY B6) or their message could not be delivered (J6).
 */
export const otpCodes = singleUseRows('otp_codes');
