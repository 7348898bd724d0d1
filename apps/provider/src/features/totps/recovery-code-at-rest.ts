/**
 * @module recovery-code-at-rest — how a recovery code is stored and checked: argon2id with a salt
 * of its own (ASVS 5.0 §6.5.2: a lookup secret under 112 bits needs a salted password hash),
 * found by its non-secret first letter so that a typed code costs one verification, not ten.
 * Rows written before this (legacy) hold the code's unsalted SHA-256 and no selector; they keep
 * working until used or replaced.
 */
import type { Argon2Parameters, PasswordHasher } from '../../crypto/password-hasher.js';
import { hashToken } from '../../crypto/tokens.js';
import { recoveryCodeSelector } from './recovery-codes.js';
import type { TotpRecoveryCodeRow } from './totps.table.js';

/**
 * argon2id m = 2 MiB, t = 2, p = 1: about a tenth of a password hash (m = 19 MiB, t = 2), so the
 * ten hashes of an issue cost about one password login. Measured on the 2-core box (medians, see
 * bench/recovery-code-hash.mjs): 0.9 ms per verification against 9.4 ms for the login parameters
 * when quiet (0.09 ×); under load the 19 MiB hash slows more (0.9 ms against 25–27 ms).
 * That is enough because a code is random: after the selector, 11 letters = 55 bits, so a stolen
 * row costs 2^54 argon2id evaluations on average — about 570 years at a million 2-MiB hashes per
 * second — and the salt makes that work per code, never for the whole table at once. The full
 * password cost would add nothing a human-chosen password needs, and would make each issue
 * (`POST /totps` takes an IST, so a password alone) cost ten logins of CPU (SECURITY K2).
 */
export const RECOVERY_CODE_ARGON2: Argon2Parameters = { memoryCost: 2_048, timeCost: 2, parallelism: 1 };

/** The stored columns of a canonical code: its selector and its salted argon2id hash. */
export async function storedRecoveryCode(
  hasher: PasswordHasher,
  code: string,
): Promise<{ code_selector: string; code_hash: string }> {
  return { code_selector: recoveryCodeSelector(code), code_hash: await hasher.hash(code) };
}

/** The value a legacy row stores for a canonical code: its SHA-256, unsalted. */
export function legacyRecoveryCodeHash(code: string): string {
  return hashToken(code);
}

/**
 * Whether `code` is the code of `row`, the unused salted row its selector names (undefined when
 * there is none). Either way exactly one argon2id verification runs, at the parameters a new row
 * has, so the timing does not tell a wrong code from a selector that names no code.
 */
export async function matchesRecoveryCode(
  hasher: PasswordHasher,
  row: Pick<TotpRecoveryCodeRow, 'code_hash'> | undefined,
  code: string,
): Promise<boolean> {
  if (row === undefined) {
    await hasher.dummyVerify(code);
    return false;
  }
  return hasher.verify(row.code_hash, code);
}
