/** @module totps.repository — SQL for TOTPs and their recovery codes; each use is one guarded statement. */
import type { DbExecutor } from '../../db/database.js';
import { findRowBy } from '../../db/keyed-rows.js';
import { deleteUserOwnedRow } from '../../db/user-owned-rows.js';
import type { NewTotpRecoveryCodeRow, NewTotpRow, TotpRecoveryCodeRow, TotpRow } from './totps.table.js';

/** The user's TOTP (at most one), verified or not. */
export const findTotpOfUser = (db: DbExecutor, projectId: string, userId: string) =>
  findRowBy(db, 'totps', { project_id: projectId, user_id: userId });

/**
 * Stores `row` as the user's TOTP, replacing an unverified one (its recovery codes cascade away);
 * false when the user has a verified TOTP, which stays untouched. Call inside a transaction.
 */
export async function replaceUnverifiedTotp(db: DbExecutor, row: NewTotpRow): Promise<boolean> {
  await db.deleteFrom('totps').where('user_id', '=', row.user_id).where('verified', '=', false).execute();
  const inserted = await db
    .insertInto('totps')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Replaces every recovery code of `totpId` with `rows` (the old unused ones stop working). */
export async function replaceRecoveryCodes(
  db: DbExecutor,
  totpId: string,
  rows: NewTotpRecoveryCodeRow[],
): Promise<void> {
  await db.deleteFrom('totp_recovery_codes').where('totp_id', '=', totpId).execute();
  await db.insertInto('totp_recovery_codes').values(rows).execute();
}

/**
 * Accepts a code of time step `step` for `totpId`: one guarded UPDATE that requires the step to
 * be later than the last accepted one (RFC 6238 §5.2, SECURITY B4) and an unverified TOTP to be
 * unexpired. Of two uses of one code, sequential or concurrent, only the first finds the row; the
 * other gets undefined. It leaves `verified` to markTotpVerified, in the same transaction.
 */
export async function acceptTotpStep(
  db: DbExecutor,
  totpId: string,
  step: number,
  now: Date,
): Promise<TotpRow | undefined> {
  return db
    .updateTable('totps')
    .set({ last_used_step: step })
    .where('id', '=', totpId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .where((eb) => eb.or([eb('verified', '=', true), eb('expires_at', '>', now)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks an accepted TOTP verified; true only for the call that turned it from unverified (run after
 * acceptTotpStep, whose row lock orders concurrent first codes), so `factor.added` is said once.
 */
export async function markTotpVerified(db: DbExecutor, totpId: string): Promise<boolean> {
  const row = await db
    .updateTable('totps')
    .set({ verified: true, expires_at: null })
    .where('id', '=', totpId)
    .where('verified', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The unused salted recovery code of `totpId` whose selector is `selector`, if any (at most one: unique index). */
export async function findUnusedRecoveryCode(
  db: DbExecutor,
  totpId: string,
  selector: string,
): Promise<Pick<TotpRecoveryCodeRow, 'id' | 'code_hash'> | undefined> {
  return db
    .selectFrom('totp_recovery_codes')
    .select(['id', 'code_hash'])
    .where('totp_id', '=', totpId)
    .where('code_selector', '=', selector)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Uses the unused recovery code of `totpId` that `code` names: one guarded UPDATE, so of two uses
 * of one code, sequential or concurrent, only the first finds the row (SECURITY B4). Its id, or undefined.
 */
async function useUnusedRecoveryCode(
  db: DbExecutor,
  totpId: string,
  code: { id: string } | { code_selector: null; code_hash: string },
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('totp_recovery_codes')
    .set({ used_at: now })
    .where('totp_id', '=', totpId)
    .where((eb) => eb.and(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Uses the recovery code `codeId` of `totpId` if it is still unused; its id, or undefined. */
export const useRecoveryCode = (db: DbExecutor, key: { totpId: string; codeId: string }, now: Date) =>
  useUnusedRecoveryCode(db, key.totpId, { id: key.codeId }, now);

/** Uses an unused legacy (unsalted SHA-256) recovery code of `totpId`; its id, or undefined. */
export const useLegacyRecoveryCode = (db: DbExecutor, totpId: string, legacyHash: string, now: Date) =>
  useUnusedRecoveryCode(db, totpId, { code_selector: null, code_hash: legacyHash }, now);

/** Deletes the user's TOTP `totpId` and (by cascade) its recovery codes; false when it is not theirs. */
export async function deleteTotp(
  db: DbExecutor,
  key: { projectId: string; userId: string; totpId: string },
): Promise<boolean> {
  return deleteUserOwnedRow(db, 'totps', { projectId: key.projectId, userId: key.userId, id: key.totpId });
}
